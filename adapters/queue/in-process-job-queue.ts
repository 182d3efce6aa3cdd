import type { EvaluationJob, InferenceGenerationJob, LaunchJob } from '../../application/ports/job-queue.ts';
import { Unavailable } from '../../domain/errors.ts';
import { handleEachAlone, type JobWorker, type RunnableJobQueue } from './job-runner.ts';

export interface InProcessQueueOptions {
  /** The durable outbox: every evaluation still waiting to be scored, oldest first. */
  readonly findPending: (limit: number) => Promise<EvaluationJob[]>;
  /** The durable outbox of launch jobs: every launch still QUEUED, oldest first. */
  readonly findQueuedLaunches: (limit: number) => Promise<LaunchJob[]>;
  /** The durable outbox of generation jobs: every open generation item, oldest first (none when not given). */
  readonly findOpenInferenceGenerations?: (limit: number) => Promise<InferenceGenerationJob[]>;
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

  constructor(options: InProcessQueueOptions) {
    this.scoring = new OutboxLoop(options, options.findPending, (job) => job.evaluationId);
    this.launching = new OutboxLoop({ ...options, batchSize: 1 }, options.findQueuedLaunches, (job) => job.launchId);
    this.generating = new OutboxLoop(
      { ...options, batchSize: 1 },
      options.findOpenInferenceGenerations ?? (async () => []),
      (job) => job.itemId,
    );
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
    await this.scoring.idle();
  }

  async stop(): Promise<void> {
    await Promise.all([this.launching.stop(), this.generating.stop(), this.scoring.stop()]);
  }
}

/** One worker loop over one outbox; `keyOf` names a job, so a job is never in flight twice. */
class OutboxLoop<J> {
  private readonly inFlight = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private wake: (() => void) | null = null;
  private woken = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: Omit<
      InProcessQueueOptions,
      'findPending' | 'findQueuedLaunches' | 'findOpenInferenceGenerations'
    >,
    private readonly findPending: (limit: number) => Promise<J[]>,
    private readonly keyOf: (job: J) => string,
  ) {}

  async enqueue(jobs: readonly J[]): Promise<void> {
    if (jobs.length === 0) return;
    const wake = () => {
      this.woken = true;
      this.wake?.();
    };
    if (this.options.afterCommit) this.options.afterCommit(wake);
    else wake();
  }

  async startWorker(worker: JobWorker<J>, concurrency: number): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.loop = this.run(worker, Math.max(1, concurrency));
  }

  /** Resolves once the outbox is empty and nothing is in flight; at once when no worker runs this loop. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.woken = true;
      this.wake?.();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = this.options.stopGraceMs;
    const expired = grace === undefined ? [] : [new Promise<void>((resolve) => (timer = setTimeout(resolve, grace)))];
    await Promise.race([this.loop, ...expired]);
    clearTimeout(timer);
  }

  private async run(worker: JobWorker<J>, concurrency: number): Promise<void> {
    const pollMs = this.options.pollMs ?? 500;
    let retries = 0;
    while (this.running) {
      const worked = await this.sweep(worker, concurrency).catch((error: unknown) => {
        this.options.onError?.(error);
        return false;
      });
      if (worked) {
        retries = 0;
        continue;
      }
      if (this.inFlight.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      // A wake may come just before its transaction commits: look again shortly, then fall back to polling.
      const delay = this.woken && retries < 3 ? 10 * 4 ** retries++ : pollMs;
      if (delay === pollMs) retries = 0;
      this.woken = false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delay);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /**
   * Runs `concurrency` lanes over the outbox; a lane that finishes its batch takes the next one at once (reading the
   * outbox again when nothing read is left), so one slow job never holds the others back. Answers whether any job
   * ran; returns once the outbox has nothing more for an idle lane.
   */
  private async sweep(worker: JobWorker<J>, concurrency: number): Promise<boolean> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const batchSize = this.options.batchSize ?? 50;
    const ready: J[] = [];
    let reading: Promise<void> | null = null;
    let drained = false;
    let worked = false;
    const refill = async () => {
      // Jobs given up that could not be ended stay PENDING and come first in the outbox, and so do the jobs in flight:
      // read past them, or they would hide every newer job.
      const givenUp = [...this.attempts.values()].filter((count) => count >= maxAttempts).length;
      const found = await this.findPending(concurrency * batchSize + givenUp + this.inFlight.size);
      const queued = new Set(ready.map(this.keyOf));
      const fresh = found.filter((job) => {
        const key = this.keyOf(job);
        return !this.inFlight.has(key) && !queued.has(key) && (this.attempts.get(key) ?? 0) < maxAttempts;
      });
      if (fresh.length === 0) drained = true;
      ready.push(...fresh);
    };
    let failed: { error: unknown } | null = null;
    const take = async (): Promise<J[]> => {
      while (ready.length === 0 && !drained && this.running) {
        // One read at a time; a failed read ends the sweep once the lanes still working are done.
        reading ??= refill()
          .catch((error: unknown) => {
            failed ??= { error };
            drained = true;
          })
          .finally(() => (reading = null));
        await reading;
      }
      const batch = ready.splice(0, batchSize).filter((job) => !this.inFlight.has(this.keyOf(job)));
      for (const job of batch) this.inFlight.add(this.keyOf(job));
      return batch;
    };
    const lane = async () => {
      while (this.running) {
        const batch = await take();
        if (batch.length === 0) {
          if (ready.length === 0) return;
          continue;
        }
        worked = true;
        try {
          const failures = await handleEachAlone(worker, batch);
          for (const job of batch) await this.account(worker, job, failures, maxAttempts);
        } finally {
          for (const job of batch) this.inFlight.delete(this.keyOf(job));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    if (failed) throw (failed as { error: unknown }).error;
    return worked;
  }

  /**
   * Counts a job's failed attempt (a success clears its count; an outage counts for nothing); at the last one its
   * worker gives it up.
   */
  private async account(worker: JobWorker<J>, job: J, failures: Map<J, unknown>, maxAttempts: number): Promise<void> {
    const key = this.keyOf(job);
    if (!failures.has(job)) {
      this.attempts.delete(key);
      return;
    }
    // A database outage is no fault of the job: the loop sweeps again at once, so it would burn every attempt.
    if (failures.get(job) instanceof Unavailable) return;
    const attempts = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempts);
    if (attempts < maxAttempts || !worker.giveUp) return;
    try {
      await worker.giveUp(job, failures.get(job));
      this.attempts.delete(key);
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
