import { Unavailable } from '../../domain/errors.ts';
import { JobDeferred } from '../../application/ports/job-queue.ts';
import type { InProcessQueueOptions } from './in-process-job-queue.ts';
import { deferralDelayMs, handleEachAlone, type JobWorker } from './job-runner.ts';

/** One worker loop over one outbox; `keyOf` names a job, so a job is never in flight twice. */
export class OutboxLoop<J> {
  private readonly inFlight = new Set<string>();
  private readonly attempts = new Map<string, number>();
  /** Jobs their handler deferred: delivered again only after `until` (epoch ms); `count` deferrals in a row. */
  private readonly deferred = new Map<string, { until: number; count: number }>();
  private wake: (() => void) | null = null;
  private woken = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private idleWaiters: (() => void)[] = [];
  /** Lanes with nothing to do while others work, waiting for a wake (new jobs) or the next poll. */
  private nappers: (() => void)[] = [];

  constructor(
    private readonly options: Omit<
      InProcessQueueOptions,
      'findPending' | 'findQueuedLaunches' | 'findOpenInferenceGenerations' | 'findOpenDatasetGenerations'
    >,
    private readonly findPending: (limit: number) => Promise<J[]>,
    private readonly keyOf: (job: J) => string,
  ) {}

  async enqueue(jobs: readonly J[]): Promise<void> {
    if (jobs.length === 0) return;
    const wake = () => {
      this.woken = true;
      this.wake?.();
      for (const resume of this.nappers.splice(0)) resume();
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
    for (const resume of this.nappers.splice(0)) resume();
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
      // Deferred jobs too (they come first, being older, and must not hide the jobs of other organizations).
      const now = Date.now();
      const found = await this.findPending(concurrency * batchSize + givenUp + this.inFlight.size + this.deferred.size);
      const queued = new Set(ready.map(this.keyOf));
      const fresh = found.filter((job) => {
        const key = this.keyOf(job);
        const waiting = (this.deferred.get(key)?.until ?? 0) > now;
        return !waiting && !this.inFlight.has(key) && !queued.has(key) && (this.attempts.get(key) ?? 0) < maxAttempts;
      });
      // Jobs deferred long ago and not seen since ended some other way.
      for (const [key, { until }] of this.deferred) if (until < now - 60_000) this.deferred.delete(key);
      if (fresh.length === 0) drained = true;
      ready.push(...fresh);
    };
    let failed: { error: unknown } | null = null;
    const take = async (): Promise<J[]> => {
      for (;;) {
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
        if (ready.length > 0 || !this.running || failed || this.inFlight.size === 0) break;
        // Nothing for this lane while others still work (a job waiting on a slow product): look again when jobs are
        // enqueued or at the next poll, so work enqueued meanwhile never waits for the longest job of the sweep.
        await this.nap();
        drained = false;
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

  /** Resolves on the next wake or after a poll interval. */
  private nap(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.nappers = this.nappers.filter((napper) => napper !== done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs ?? 500);
      this.nappers.push(done);
    });
  }

  /**
   * Counts a job's failed attempt (a success clears its count; an outage counts for nothing); at the last one its
   * worker gives it up.
   */
  private async account(worker: JobWorker<J>, job: J, failures: Map<J, unknown>, maxAttempts: number): Promise<void> {
    const key = this.keyOf(job);
    if (!failures.has(job)) {
      this.attempts.delete(key);
      this.deferred.delete(key);
      return;
    }
    // Deferred by its handler: no attempt spent; delivered again once the delay passed.
    if (failures.get(job) instanceof JobDeferred) {
      const count = (this.deferred.get(key)?.count ?? 0) + 1;
      this.deferred.set(key, { until: Date.now() + deferralDelayMs(count), count });
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
