import type { Judge } from '../../application/ports/judge.ts';
import type { Verdict } from '../../domain/evaluation/evaluation.ts';

/** LLM_JUDGE metrics when the deployment names no judge model: skipped, with how to fix it. */
export class UnconfiguredJudge implements Judge {
  readonly configured = false;

  async judge(): Promise<Verdict> {
    return {
      kind: 'skipped',
      error:
        'No judge model is configured: set JUDGE_BASE_URL and JUDGE_MODEL (and JUDGE_API_KEY) to score LLM_JUDGE metrics',
      canRetry: true,
    };
  }
}
