import type {
  DatasetGenerationJob,
  EvaluationJob,
  InferenceGenerationJob,
  JobQueue,
  LaunchJob,
  RepricingJob,
} from '../../application/ports/job-queue.ts';

/** A queue that only remembers what was enqueued: the application tests' fake, drained by hand. */
export class RecordingJobQueue implements JobQueue {
  readonly jobs: EvaluationJob[] = [];
  readonly launchJobs: LaunchJob[] = [];
  readonly generationJobs: InferenceGenerationJob[] = [];
  readonly datasetGenerationJobs: DatasetGenerationJob[] = [];

  async enqueue(jobs: readonly EvaluationJob[]): Promise<void> {
    this.jobs.push(...jobs);
  }

  async enqueueLaunches(jobs: readonly LaunchJob[]): Promise<void> {
    this.launchJobs.push(...jobs);
  }

  async enqueueInferenceGenerations(jobs: readonly InferenceGenerationJob[]): Promise<void> {
    this.generationJobs.push(...jobs);
  }

  readonly repricingJobs: RepricingJob[] = [];

  async enqueueRepricings(jobs: readonly RepricingJob[]): Promise<void> {
    this.repricingJobs.push(...jobs);
  }

  async enqueueDatasetGenerations(jobs: readonly DatasetGenerationJob[]): Promise<void> {
    this.datasetGenerationJobs.push(...jobs);
  }

  /** Takes every scoring job recorded so far. */
  drain(): EvaluationJob[] {
    return this.jobs.splice(0);
  }

  /** Takes every launch job recorded so far. */
  drainLaunches(): LaunchJob[] {
    return this.launchJobs.splice(0);
  }
}
