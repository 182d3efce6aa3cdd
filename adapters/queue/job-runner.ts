import type {
  DatasetGenerationJob,
  EvaluationJob,
  InferenceGenerationJob,
  JobQueue,
  LaunchJob,
  RepricingJob,
} from '../../application/ports/job-queue.ts';

/** What a worker does with jobs: handles a batch, and ends the work of a job whose every attempt failed. */
export interface JobWorker<J = EvaluationJob> {
  /** Handles a batch; throwing makes the queue try each job of the batch alone, so one bad job fails alone. */
  readonly handle: (jobs: readonly J[]) => Promise<void>;
  /**
   * Called once a job has failed its last attempt, with the last failure: ends the job's work with the reason (an
   * evaluation FAILED, a launch FAILED) instead of leaving it waiting. Throwing leaves the job as it is.
   */
  readonly giveUp?: (job: J, failure: unknown) => Promise<void>;
}

/** A queue adapter that also runs workers: what bootstrap starts in `npm start` or `npm run worker`. */
export interface RunnableJobQueue extends JobQueue {
  /** Connects the queue before its first job (queues that run elsewhere, such as pg-boss); the entry points call it. */
  start?(): Promise<void>;
  /** Starts taking scoring jobs with `concurrency` handlers at a time. */
  startWorker(worker: JobWorker, concurrency: number): Promise<void>;
  /** Starts taking launch jobs, one per handler call, with `concurrency` handlers at a time. */
  startLaunchWorker(worker: JobWorker<LaunchJob>, concurrency: number): Promise<void>;
  /** Starts taking generation jobs (one test case each), one per handler call, `concurrency` at a time. */
  startInferenceGenerationWorker(worker: JobWorker<InferenceGenerationJob>, concurrency: number): Promise<void>;
  /** Starts taking repricing jobs (one chunk each), one per handler call. */
  startRepricingWorker(worker: JobWorker<RepricingJob>, concurrency: number): Promise<void>;
  /** Starts taking dataset generation jobs, one per handler call, `concurrency` at a time. */
  startDatasetGenerationWorker(worker: JobWorker<DatasetGenerationJob>, concurrency: number): Promise<void>;
  /** Resolves once a worker picked up and finished a trivial job (queues that run elsewhere); stops on abort. */
  ping?(signal: AbortSignal): Promise<void>;
  /** Stops taking jobs, lets those in flight finish, releases resources. */
  stop(): Promise<void>;
}

/**
 * How long a job deferred `deferrals` times in a row waits before it is delivered again: a quarter second, doubling
 * to at most five, so the jobs of a product that stays busy are looked at less and less often.
 */
export function deferralDelayMs(deferrals: number): number {
  return Math.min(5000, 250 * 2 ** Math.max(0, deferrals - 1));
}

/**
 * Handles a batch so that each job succeeds or fails alone: the whole batch first (the fast path), and when that
 * throws, each job on its own. Answers the jobs that failed alone, each with its failure; a failing batch charges
 * nobody an attempt, only a job failing on its own does.
 */
export async function handleEachAlone<J>(worker: JobWorker<J>, jobs: readonly J[]): Promise<Map<J, unknown>> {
  try {
    await worker.handle(jobs);
    return new Map();
  } catch (failure) {
    if (jobs.length === 1) return new Map([[jobs[0], failure]]);
  }
  const failures = new Map<J, unknown>();
  for (const job of jobs) {
    try {
      await worker.handle([job]);
    } catch (failure) {
      failures.set(job, failure);
    }
  }
  return failures;
}
