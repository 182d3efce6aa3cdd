import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { RecordStore } from './record-store.ts';

/** Evaluations, with the worker's one-statement write of a scored batch. */
export interface EvaluationStore extends RecordStore<Evaluation> {
  /**
   * Writes each evaluation whose stored row still has the same `version` (its version then grows by one) and
   * leaves the others alone (a concurrent delivery already wrote them); answers the ids written.
   */
  recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]>;
}
