import type { Actor } from '../domain/identity/role.ts';
import type { Evaluation } from '../domain/evaluation/evaluation.ts';
import type { Public, PublicUseCases } from './public-use-cases.ts';

/** What a wait gives up after, and how often it looks (the typed client's `Waiting`). */
export interface Waiting {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/**
 * The evaluations once none of them is PENDING (scored, failed, skipped or handed to a human), read through the use
 * cases every `intervalMs` (100 ms by default); past `timeoutMs` (120 s) it throws. Scoring runs in the platform's
 * own worker, so an embedding host waits here as an HTTP client waits with `waitForEvaluations`.
 */
export async function waitForEvaluations(
  useCases: Pick<PublicUseCases, 'listEvaluations'>,
  actor: Actor,
  ids: readonly string[],
  waiting: Waiting = {},
): Promise<Public<Evaluation>[]> {
  const deadline = Date.now() + (waiting.timeoutMs ?? 120_000);
  for (;;) {
    const found = await useCases.listEvaluations.execute(actor, { ids, limit: Math.max(ids.length, 1) });
    if (!found.some((evaluation) => evaluation.status === 'PENDING')) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for evaluations ${ids.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, waiting.intervalMs ?? 100));
  }
}
