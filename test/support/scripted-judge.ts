import type { Judge } from '../../application/ports/judge.ts';
import type { Verdict } from '../../domain/evaluation/evaluation.ts';

/** An LLM judge fake for application tests: a configured model that answers the verdict it was given, at once. */
export class ScriptedJudge implements Judge {
  readonly configured = true;

  constructor(private readonly verdict: Verdict = { kind: 'scored', score: 0.8, reason: 'fine' }) {}

  async judge(): Promise<Verdict> {
    return this.verdict;
  }
}
