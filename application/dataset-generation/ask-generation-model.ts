import type { GenerationBrief } from '../ports/generation-model.ts';
import type { Ports } from '../ports/ports.ts';

/** Attempts at reaching the model before a job fails. */
export const UNREACHABLE_ATTEMPTS = 3;
/** Pause before the second attempt, doubled before each next one. */
const FIRST_PAUSE_MS = 250;

/** What ends a job as failed, with its reason: the model out of reach on every attempt, the knowledge gone. */
export class GenerationFailed extends Error {}

/**
 * One generation call: the answer's items; null when the answer was malformed twice (the call added nothing). A
 * model that cannot be reached is asked up to UNREACHABLE_ATTEMPTS times with a growing pause, then
 * GenerationFailed is thrown; a malformed answer is asked again once.
 */
export async function askGenerationModel(
  ports: Pick<Ports, 'generationModel'>,
  brief: GenerationBrief,
): Promise<readonly unknown[] | null> {
  let malformed = 0;
  let unreachable = 0;
  for (;;) {
    const answer = await ports.generationModel.ask(brief);
    if (answer.kind === 'items') return answer.items;
    if (answer.kind === 'malformed') {
      if (++malformed > 1) return null;
      continue;
    }
    unreachable++;
    if (!ports.generationModel.configured || unreachable >= UNREACHABLE_ATTEMPTS)
      throw new GenerationFailed(
        ports.generationModel.configured ? `${answer.error} (after ${UNREACHABLE_ATTEMPTS} attempts)` : answer.error,
      );
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (unreachable - 1)));
  }
}
