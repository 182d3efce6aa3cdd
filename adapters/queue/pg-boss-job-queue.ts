import PgBoss from 'pg-boss';
import type {
  DatasetGenerationJob,
  EvaluationJob,
  InferenceGenerationJob,
  LaunchJob,
  RepricingJob,
} from '../../application/ports/job-queue.ts';
import type { DatabaseHandle } from '../sequelize/support/database.ts';
import type { TransactionContext } from '../sequelize/support/transaction-context.ts';
import { JobDeferred } from '../../application/ports/job-queue.ts';
import { JobHeartbeat } from './job-heartbeat.ts';
import { executePgBossSql } from './pg-boss-sql.ts';
import {
  DATASET_GENERATION_QUEUE,
  ensureQueue,
  expirySeconds,
  failureOf,
  givenUpQueue,
  INFERENCE_GENERATION_QUEUE,
  LAUNCH_QUEUE,
  PING_QUEUE,
  REPRICING_QUEUE,
  SCORING_QUEUE,
  SPARE_LANE_POLL_SECONDS,
  type PgBossQueueOptions,
  WORKED_QUEUES,
} from './pg-boss-queues.ts';

export type { PgBossQueueOptions };
import { deferralDelayMs, handleEachAlone, type JobWorker, type RunnableJobQueue } from './job-runner.ts';

/**
 * The PostgreSQL queue on pg-boss 10, one pg-boss queue per kind of job. Jobs are inserted through the caller's
 * Sequelize transaction (pg-boss's `db.executeSql` hook), so they commit or roll back with the rows they work on; a
 * crashed worker's job expires and is retried by another worker; the handlers are idempotent, so an evaluation is
 * scored exactly once and a launch started once.
 */
export class PgBossJobQueue implements RunnableJobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
    private readonly options: PgBossQueueOptions,
  ) {}

  /** The queue, not yet connected (nothing is opened or started): `start` connects it. */
  static create(database: DatabaseHandle, context: TransactionContext, options: PgBossQueueOptions): PgBossJobQueue {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      max: 4,
      supervise: options.supervise,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      monitorStateIntervalSeconds: Math.max(options.maintenanceSeconds, 10),
    });
    boss.on('error', (error) => options.onError?.(error)); // a listener is required: an unheard 'error' event throws
    return new PgBossJobQueue(boss, database, context, options);
  }

  /**
   * Starts pg-boss (its pool; its schema created or migrated; supervision when configured) and creates the queues it
   * lacks. Needed before the first job is sent.
   */
  async start(): Promise<void> {
    const { boss, options } = this;
    await boss.start();
    const settings = { retryLimit: options.retryLimit, retryDelay: 1, expireInSeconds: options.jobTimeoutSeconds };
    for (const name of [...WORKED_QUEUES.map(givenUpQueue), PING_QUEUE]) await ensureQueue(boss, name, settings);
    for (const name of WORKED_QUEUES) {
      const deadLetter = givenUpQueue(name);
      await ensureQueue(boss, name, {
        ...settings,
        expireInSeconds: expirySeconds(name, settings.expireInSeconds),
        deadLetter,
      });
      // Queues created before they had one (an older deployment) get theirs now.
      if ((await boss.getQueue(name))?.deadLetter !== deadLetter) await boss.updateQueue(name, { name, deadLetter });
    }
  }

  enqueue(jobs: readonly EvaluationJob[]): Promise<void> {
    return this.insert(SCORING_QUEUE, jobs);
  }

  enqueueLaunches(jobs: readonly LaunchJob[]): Promise<void> {
    return this.insert(LAUNCH_QUEUE, jobs);
  }

  enqueueInferenceGenerations(jobs: readonly InferenceGenerationJob[]): Promise<void> {
    return this.insert(INFERENCE_GENERATION_QUEUE, jobs);
  }

  enqueueRepricings(jobs: readonly RepricingJob[]): Promise<void> {
    return this.insert(REPRICING_QUEUE, jobs);
  }

  startRepricingWorker(worker: JobWorker<RepricingJob>, concurrency: number): Promise<void> {
    return this.work(REPRICING_QUEUE, 1, worker, concurrency);
  }

  enqueueDatasetGenerations(jobs: readonly DatasetGenerationJob[]): Promise<void> {
    return this.insert(DATASET_GENERATION_QUEUE, jobs);
  }

  private async insert(name: string, jobs: readonly object[]): Promise<void> {
    if (jobs.length === 0) return;
    const transaction = this.context.current();
    await this.boss.insert(
      jobs.map((job) => ({
        name,
        data: job,
        retryLimit: this.options.retryLimit,
        retryDelay: 1,
        expireInSeconds: expirySeconds(name, this.options.jobTimeoutSeconds),
      })),
      { db: { executeSql: (text, values) => executePgBossSql(this.database, text, values, transaction) } },
    );
  }

  async startWorker(worker: JobWorker, concurrency: number): Promise<void> {
    await this.work(PING_QUEUE, 1, { handle: async () => {} }, 1);
    return this.work(SCORING_QUEUE, this.options.batchSize, worker, concurrency);
  }

  /** Sends a trivial job and resolves once a worker completed it; gives up when the signal aborts. */
  async ping(signal: AbortSignal): Promise<void> {
    const id = await this.boss.send(PING_QUEUE, {}, { retryLimit: 0, expireInSeconds: 60, retentionMinutes: 5 });
    if (!id) throw new Error('the queue did not take the job');
    while (!signal.aborted) {
      const job = await this.boss.getJobById(PING_QUEUE, id);
      if (job?.state === 'completed') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  startLaunchWorker(worker: JobWorker<LaunchJob>, concurrency: number): Promise<void> {
    return this.work(LAUNCH_QUEUE, 1, worker, concurrency);
  }

  startInferenceGenerationWorker(worker: JobWorker<InferenceGenerationJob>, concurrency: number): Promise<void> {
    return this.work(INFERENCE_GENERATION_QUEUE, 1, worker, concurrency);
  }

  startDatasetGenerationWorker(worker: JobWorker<DatasetGenerationJob>, concurrency: number): Promise<void> {
    return this.work(DATASET_GENERATION_QUEUE, 1, worker, concurrency);
  }

  /**
   * Each fetched job succeeds or fails alone: those failing on their own are failed back to pg-boss one by one (retried
   * after `retryDelay`, each charged its own attempt), the rest complete when the callback returns. A job failing its
   * last attempt is given up first (its worker ends its work with the reason).
   */
  private async work<J extends object>(
    name: string,
    batchSize: number,
    worker: JobWorker<J>,
    concurrency: number,
  ): Promise<void> {
    const giveUp = worker.giveUp?.bind(worker);
    if (giveUp && WORKED_QUEUES.includes(name)) {
      // A job whose last attempt failed in its handler was given up there, with the real error (below); the rest
      // (expired, or given up unsuccessfully) are given up here. Giving up ends only what is still open anyway.
      await this.boss.work<J>(givenUpQueue(name), { batchSize: 10, includeMetadata: true }, async (jobs) => {
        for (const job of jobs)
          if ((job.output as { givenUp?: unknown } | null)?.givenUp !== true)
            await giveUp(job.data, failureOf(job.output));
      });
    }
    const lanes: string[] = [];
    for (let lane = 0; lane < Math.max(1, concurrency); lane++) {
      const pollingIntervalSeconds =
        lane === 0 ? this.options.pollingSeconds : Math.max(this.options.pollingSeconds, SPARE_LANE_POLL_SECONDS);
      // Assigned once `work` answers; the handler may run before that (then it wakes every lane, itself included).
      let id = '';
      id = await this.boss.work<J>(name, { batchSize, pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
        // Work has come: the other lanes look for more now rather than at their next (slow) poll.
        for (const other of lanes) if (other !== id) this.boss.notifyWorker(other);
        const heartbeat = await this.heartbeat(name, jobs);
        let failures: Map<J, unknown>;
        try {
          failures = await handleEachAlone(
            worker,
            jobs.map((job) => job.data),
          );
        } finally {
          heartbeat?.stop();
        }
        for (const job of jobs) {
          if (!failures.has(job.data)) continue;
          const failure = failures.get(job.data);
          if (failure instanceof JobDeferred) {
            await this.defer(name, job.data);
            continue;
          }
          let givenUp = false;
          if (job.retryCount >= job.retryLimit && worker.giveUp)
            givenUp = await worker.giveUp(job.data, failure).then(
              () => true,
              (error: unknown) => {
                this.options.onError?.(error);
                return false;
              },
            );
          // `givenUp` tells the dead-letter worker this job's failure is already dealt with.
          await this.boss.fail(name, job.id, {
            message: failure instanceof Error ? failure.message : String(failure),
            givenUp,
          });
        }
      });
      lanes.push(id);
    }
  }

  /** Beats for the jobs this worker runs, when heartbeats are on. */
  private heartbeat(name: string, jobs: readonly { id: string }[]): Promise<JobHeartbeat> | null {
    const seconds = this.options.heartbeatSeconds;
    if (!seconds || seconds >= expirySeconds(name, this.options.jobTimeoutSeconds)) return null;
    return JobHeartbeat.start(
      (text, values) => executePgBossSql(this.database, text, values, undefined),
      name,
      jobs.map((job) => job.id),
      seconds,
      (error) => this.options.onError?.(error),
    );
  }

  /**
   * A job its handler deferred goes back as a new job that starts after a delay (its attempts untouched, counting
   * its deferrals in a row); this one completes. A crash in between delivers it twice, which handlers allow.
   */
  private async defer(name: string, data: object): Promise<void> {
    const deferrals = ((data as { deferrals?: number }).deferrals ?? 0) + 1;
    await this.boss.send(
      name,
      { ...data, deferrals },
      {
        startAfter: new Date(Date.now() + deferralDelayMs(deferrals)),
        retryLimit: this.options.retryLimit,
        retryDelay: 1,
        expireInSeconds: expirySeconds(name, this.options.jobTimeoutSeconds),
      },
    );
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: this.options.stopGraceMs ?? 10_000 });
  }
}
