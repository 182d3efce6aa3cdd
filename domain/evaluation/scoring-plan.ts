import type { Verdict } from './evaluation.ts';

/** How an evaluation of a metric source is scored: by a judge, or decided without one. */
export type ScoringPlan = { readonly kind: 'judge' } | { readonly kind: 'decided'; readonly verdict: Verdict };

/** HUMAN waits for a person; SELF_HOSTED without a score is skipped; DETERMINISTIC and LLM_JUDGE go to their judge. */
export function planScoring(source: string): ScoringPlan {
  switch (source) {
    case 'HUMAN':
      return { kind: 'decided', verdict: { kind: 'awaitHuman' } };
    case 'SELF_HOSTED':
      return {
        kind: 'decided',
        verdict: {
          kind: 'skipped',
          error: 'Self-hosted metric: send the score with the metric when creating the evaluation',
          canRetry: false,
        },
      };
    case 'DETERMINISTIC':
    case 'LLM_JUDGE':
      return { kind: 'judge' };
    default:
      return {
        kind: 'decided',
        verdict: { kind: 'skipped', error: `Unknown metric source ${source}`, canRetry: false },
      };
  }
}
