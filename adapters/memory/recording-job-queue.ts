import type { EvaluationJob, JobQueue } from '../../application/ports/job-queue.ts';

/** A queue that only remembers what was enqueued: the application tests' fake, drained by hand. */
export class RecordingJobQueue implements JobQueue {
  readonly jobs: EvaluationJob[] = [];

  async enqueue(jobs: readonly EvaluationJob[]): Promise<void> {
    this.jobs.push(...jobs);
  }

  /** Takes every job recorded so far. */
  drain(): EvaluationJob[] {
    return this.jobs.splice(0);
  }
}
