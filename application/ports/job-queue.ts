/** One evaluation to score; the evaluation row itself holds everything else. */
export interface EvaluationJob {
  readonly organizationId: string;
  readonly evaluationId: string;
}

/** One launch whose own work a worker does (a relaunch creating its evaluations); the launch row holds the rest. */
export interface LaunchJob {
  readonly organizationId: string;
  readonly launchId: string;
}

/** One test case of a generating launch: its item row holds the rest. */
export interface InferenceGenerationJob {
  readonly organizationId: string;
  readonly itemId: string;
}

/** One repricing job's next chunk: its row holds the rest (what it reprices, where it got to). */
export interface RepricingJob {
  readonly organizationId: string;
  readonly repricingId: string;
}

/** One dataset generation job: its row holds the rest. */
export interface DatasetGenerationJob {
  readonly organizationId: string;
  readonly jobId: string;
}

/**
 * Queues asynchronous work: scoring jobs, and launch jobs beside them. Called inside a `uow.transaction`, the jobs
 * exist exactly when that transaction commits (never for a rolled-back one); a job is delivered at least once, and its
 * handler is idempotent (a scored evaluation is left alone), so every evaluation is scored exactly once.
 */
export interface JobQueue {
  /** Queues scoring jobs. */
  enqueue(jobs: readonly EvaluationJob[]): Promise<void>;
  /** Queues launch jobs with the same guarantees; their handler starts a QUEUED launch once and ignores any other. */
  enqueueLaunches(jobs: readonly LaunchJob[]): Promise<void>;
  /** Queues generation jobs (one per test case) with the same guarantees; their handler continues an open item. */
  enqueueInferenceGenerations(jobs: readonly InferenceGenerationJob[]): Promise<void>;
  /** Queues repricing jobs with the same guarantees; their handler re-prices one chunk of turns per delivery. */
  enqueueRepricings(jobs: readonly RepricingJob[]): Promise<void>;
  /** Queues dataset generation jobs with the same guarantees; their handler continues a queued or active job. */
  enqueueDatasetGenerations(jobs: readonly DatasetGenerationJob[]): Promise<void>;
}

/**
 * Thrown by a job's handler that cannot run yet and must not hold a worker while it waits (its product connection
 * has every slot taken): the queue takes the job back, charging it no attempt, and delivers it again after a while.
 */
export class JobDeferred extends Error {
  constructor(readonly reason: string) {
    super(`deferred: ${reason}`);
  }
}
