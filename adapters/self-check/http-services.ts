import { z } from 'zod';
import type { ServiceEntry } from '../../domain/operations/self-check.ts';

const dependency = z.object({
  kind: z.enum(['model', 'embedding', 'storage', 'queue', 'identity', 'mail']),
  name: z.string(),
  resolved: z.string().optional(),
  source: z.enum(['env', 'default', 'fallback']).optional(),
  status: z.enum(['ok', 'failed', 'timedOut', 'degraded']),
  severity: z.enum(['critical', 'degraded']),
  detail: z.string().optional(),
  failure: z.enum(['unavailable', 'incapable']).optional(),
  durationMs: z.number().min(0),
});
/** The self-check shape every service answers. */
export const serviceAnswer = z.object({
  status: z.enum(['ok', 'failed', 'degraded']),
  dependencies: z.array(dependency),
});

/** `name=url,name=url` as a map (the SELF_CHECK_SERVICES setting). */
export function serviceUrls(setting: string): Map<string, string> {
  const pairs = setting
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return [
        pair.slice(0, at).trim(),
        pair
          .slice(at + 1)
          .trim()
          .replace(/\/+$/, ''),
      ] as const;
    });
  return new Map(pairs);
}

/** Asks one service for `url/self-check` within the deadline: ok, unreachable or not_implemented; never throws. */
export async function askService(name: string, url: string, timeoutMs: number): Promise<ServiceEntry> {
  try {
    const response = await fetch(`${url}/self-check`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { name, status: 'not_implemented' };
    }
    const parsed = serviceAnswer.safeParse(await response.json());
    if (!parsed.success) return { name, status: 'unreachable' };
    return { name, status: 'ok', result: parsed.data.status, dependencies: parsed.data.dependencies };
  } catch {
    return { name, status: 'unreachable' };
  }
}

/** Every service with a URL is asked, in parallel; one named without a URL is not_configured. */
export function askServices(urls: Map<string, string>, names: readonly string[], timeoutMs: number) {
  const unconfigured = names.filter((name) => !urls.has(name));
  return Promise.all([
    ...[...urls].map(([name, url]) => askService(name, url, timeoutMs)),
    ...unconfigured.map((name): ServiceEntry => ({ name, status: 'not_configured' })),
  ]);
}
