import type {
  DatasetGenerationJob,
  EvaluationJob,
  InferenceGenerationJob,
  LaunchJob,
  RepricingJob,
} from '../../application/ports/job-queue.ts';
import type { JobWorker, RunnableJobQueue } from './job-runner.ts';
import { OutboxLoop } from './outbox-loop.ts';

export interface InProcessQueueOptions {
  /** The durable outbox: every evaluation still waiting to be scored, oldest first. */
  readonly findPending: (limit: number) => Promise<EvaluationJob[]>;
  /** The durable outbox of launch jobs: every launch still QUEUED, oldest first. */
  readonly findQueuedLaunches: (limit: number) => Promise<LaunchJob[]>;
  /** The durable outbox of generation jobs: every open generation item, oldest first (none when not given). */
  readonly findOpenInferenceGenerations?: (limit: number) => Promise<InferenceGenerationJob[]>;
  /** The durable outbox of repricing jobs: every unfinished repricing, oldest first (none when not given). */
  readonly findOpenRepricings?: (limit: number) => Promise<RepricingJob[]>;
  /** The durable outbox of dataset generation jobs: every queued or active job, oldest first (none when not given). */
  readonly findOpenDatasetGenerations?: (limit: number) => Promise<DatasetGenerationJob[]>;
  /** How often the outbox is swept when nobody wakes the worker. */
  readonly pollMs?: number;
  /** A job that keeps failing is given up after this many attempts: its worker's `giveUp` ends its work. */
  readonly maxAttempts?: number;
  /** Jobs one handler call takes. */
  readonly batchSize?: number;
  /** How long `stop` waits for running jobs; those still running stay PENDING in the outbox for the next start. */
  readonly stopGraceMs?: number;
  /** Failures reading the outbox (the handler reports its own); the loop polls on regardless. */
  readonly onError?: (error: unknown) => void;
  /**
   * Defers a wake until the caller's transaction commits (at once outside one): jobs are enqueued inside the
   * transaction that writes their outbox rows, which a worker woken earlier would not see yet. Without it, a wake
   * that finds nothing looks again after 10, 40 and 160 ms.
   */
  readonly afterCommit?: (wake: () => void) => void;
}

/**
 * The embedded queue (memory and SQLite): the PENDING evaluation rows are the scoring jobs and the QUEUED launch rows
 * the launch jobs, so they are written in the caller's transaction by construction and survive a restart. `enqueue`
 * only wakes a worker loop; each loop sweeps its outbox, never delivering a job twice at once.
 */
export class InProcessJobQueue implements RunnableJobQueue {
  private readonly scoring: OutboxLoop<EvaluationJob>;
  private readonly launching: OutboxLoop<LaunchJob>;
  private readonly generating: OutboxLoop<InferenceGenerationJob>;
  private readonly repricing: OutboxLoop<RepricingJob>;
  private readonly datasetGenerating: OutboxLoop<DatasetGenerationJob>;

  constructor(options: InProcessQueueOptions) {
    this.scoring = new OutboxLoop(options, options.findPending, (job) => job.evaluationId);
    this.launching = new OutboxLoop({ ...options, batchSize: 1 }, options.findQueuedLaunches, (job) => job.launchId);
    this.generating = new OutboxLoop(
      { ...options, batchSize: 1 },
      options.findOpenInferenceGenerations ?? (async () => []),
      (job) => job.itemId,
    );
    this.repricing = new OutboxLoop(
      { ...options, batchSize: 1 },
      options.findOpenRepricings ?? (async () => []),
      (job) => job.repricingId,
    );
    this.datasetGenerating = new OutboxLoop(
      { ...options, batchSize: 1 },
      options.findOpenDatasetGenerations ?? (async () => []),
      (job) => job.jobId,
    );
  }

  enqueueRepricings(jobs: readonly RepricingJob[]): Promise<void> {
    return this.repricing.enqueue(jobs);
  }

  startRepricingWorker(worker: JobWorker<RepricingJob>, concurrency: number): Promise<void> {
    return this.repricing.startWorker(worker, concurrency);
  }

  enqueue(jobs: readonly EvaluationJob[]): Promise<void> {
    return this.scoring.enqueue(jobs);
  }

  enqueueLaunches(jobs: readonly LaunchJob[]): Promise<void> {
    return this.launching.enqueue(jobs);
  }

  enqueueInferenceGenerations(jobs: readonly InferenceGenerationJob[]): Promise<void> {
    return this.generating.enqueue(jobs);
  }

  enqueueDatasetGenerations(jobs: readonly DatasetGenerationJob[]): Promise<void> {
    return this.datasetGenerating.enqueue(jobs);
  }

  startDatasetGenerationWorker(worker: JobWorker<DatasetGenerationJob>, concurrency: number): Promise<void> {
    return this.datasetGenerating.startWorker(worker, concurrency);
  }

  startInferenceGenerationWorker(worker: JobWorker<InferenceGenerationJob>, concurrency: number): Promise<void> {
    return this.generating.startWorker(worker, concurrency);
  }

  startWorker(worker: JobWorker, concurrency: number): Promise<void> {
    return this.scoring.startWorker(worker, concurrency);
  }

  startLaunchWorker(worker: JobWorker<LaunchJob>, concurrency: number): Promise<void> {
    return this.launching.startWorker(worker, concurrency);
  }

  /** Resolves once both outboxes are empty and nothing is in flight in the running loops (tests and benchmarks). */
  async idle(): Promise<void> {
    await this.launching.idle();
    await this.generating.idle();
    await this.repricing.idle();
    await this.datasetGenerating.idle();
    await this.scoring.idle();
  }

  async stop(): Promise<void> {
    await Promise.all([
      this.launching.stop(),
      this.generating.stop(),
      this.repricing.stop(),
      this.datasetGenerating.stop(),
      this.scoring.stop(),
    ]);
  }
}
