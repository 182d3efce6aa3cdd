import type { DependencyEntry } from '../../domain/operations/self-check.ts';

/** A failure a probe could classify: nothing answered (unavailable) or it answered but cannot do the job (incapable). */
export class ProbeFailure extends Error {
  constructor(
    readonly failure: 'unavailable' | 'incapable' | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** One dependency to exercise; `run` resolves when it works, throws (ProbeFailure or any error) when not. */
export interface Probe {
  readonly entry: Pick<DependencyEntry, 'kind' | 'name' | 'severity' | 'resolved' | 'source'>;
  run(signal: AbortSignal): Promise<void>;
}

/** Runs a probe within its own deadline and measures it; never throws. After the deadline the probe is aborted. */
export async function exercise(probe: Probe, timeoutMs: number): Promise<DependencyEntry> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => resolve('timedOut'), timeoutMs);
  });
  const measured = () => Math.round(performance.now() - started);
  try {
    const outcome = await Promise.race([probe.run(controller.signal).then(() => 'ok' as const), deadline]);
    if (outcome === 'ok') return { ...probe.entry, status: 'ok', durationMs: measured() };
    return {
      ...probe.entry,
      status: 'timedOut',
      failure: 'unavailable',
      detail: `no answer within ${timeoutMs} ms`,
      durationMs: measured(),
    };
  } catch (error) {
    const failure = error instanceof ProbeFailure ? error.failure : undefined;
    return {
      ...probe.entry,
      status: 'failed',
      ...(failure ? { failure } : {}),
      detail: error instanceof Error ? error.message : String(error),
      durationMs: measured(),
    };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Error codes of a connection nobody answered (refused, reset, unknown host, timeout). */
const UNANSWERED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** A fetch that throws ProbeFailure('unavailable') when nothing answers. */
export async function fetchOrUnavailable(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    const classified = cause?.code === undefined || UNANSWERED.has(cause.code) ? 'unavailable' : undefined;
    throw new ProbeFailure(classified, `${url} did not answer: ${reason}`);
  }
}
