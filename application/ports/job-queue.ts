/** One evaluation to score; the evaluation row itself holds everything else. */
export interface EvaluationJob {
  readonly organizationId: string;
  readonly evaluationId: string;
}

/**
 * Queues asynchronous scoring. Called inside a `uow.transaction`, the jobs exist exactly when that
 * transaction commits (never for a rolled-back one); a job is delivered at least once, and its handler is
 * idempotent (a scored evaluation is left alone), so every evaluation is scored exactly once.
 */
export interface JobQueue {
  enqueue(jobs: readonly EvaluationJob[]): Promise<void>;
}
