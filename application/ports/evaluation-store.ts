import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { ScoreTally } from '../../domain/run/metric-summary.ts';
import type { BulkRecordStore } from './bulk-record-store.ts';
import type { Condition } from './list-query.ts';

/** How many evaluations share one value of a grouping field, and how many distinct sessions they cover. */
export interface EvaluationCount {
  readonly evaluations: number;
  readonly sessions: number;
}

/** What a launch cancellation records on the evaluations it leaves unscored. */
export interface SkipOutcome {
  readonly error: string;
  readonly canRetry: boolean;
}

/**
 * Evaluations, with the worker's one-statement write of a scored batch, and the one-statement reads and writes runs
 * need (counts per run or launch, score aggregates, skipping what a cancelled launch left PENDING).
 */
export interface EvaluationStore extends BulkRecordStore<Evaluation> {
  /**
   * Writes each evaluation whose stored row still has the same `version` (its version then grows by one) and
   * leaves the others alone (a concurrent delivery already wrote them); answers the ids written.
   */
  recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]>;
  /** Per value of `group` among the live evaluations of the scope meeting the conditions: counts (absent when none). */
  countBy(
    scope: string,
    group: 'runId' | 'launchId',
    where: readonly Condition<Evaluation>[],
  ): Promise<Map<string, EvaluationCount>>;
  /** The live evaluations meeting the conditions by metric and status, with aggregates of their effective scores. */
  tallyScores(scope: string, where: readonly Condition<Evaluation>[]): Promise<ScoreTally[]>;
  /**
   * Every live PENDING evaluation meeting the conditions becomes SKIPPED with the outcome (score null, creditsUsed 0,
   * evaluatedAt `now`, version + 1), in one statement that leaves alone any that left PENDING meanwhile; answers how
   * many changed.
   */
  skipPending(
    scope: string,
    where: readonly Condition<Evaluation>[],
    outcome: SkipOutcome,
    now: string,
  ): Promise<number>;
}
