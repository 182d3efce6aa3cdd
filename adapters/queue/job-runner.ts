import type { EvaluationJob, JobQueue, LaunchJob } from '../../application/ports/job-queue.ts';

/** Handles a batch of jobs; throwing asks the queue to deliver them again later. */
export type JobHandler<J = EvaluationJob> = (jobs: readonly J[]) => Promise<void>;

/** A queue adapter that also runs workers: what bootstrap starts in `npm start` or `npm run worker`. */
export interface RunnableJobQueue extends JobQueue {
  /** Starts taking scoring jobs with `concurrency` handlers at a time. */
  startWorker(handler: JobHandler, concurrency: number): Promise<void>;
  /** Starts taking launch jobs, one per handler call, with `concurrency` handlers at a time. */
  startLaunchWorker(handler: JobHandler<LaunchJob>, concurrency: number): Promise<void>;
  /** Resolves once a worker picked up and finished a trivial job (queues that run elsewhere); stops on abort. */
  ping?(signal: AbortSignal): Promise<void>;
  /** Stops taking jobs, lets those in flight finish, releases resources. */
  stop(): Promise<void>;
}
