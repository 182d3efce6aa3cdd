import { openRepricingJobs } from '../../adapters/queue/repricing-outbox.ts';
import { ContainerModule } from 'inversify';
import type pino from 'pino';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { pendingEvaluationJobs } from '../../adapters/queue/evaluation-outbox.ts';
import { InProcessJobQueue } from '../../adapters/queue/in-process-job-queue.ts';
import { queuedLaunchJobs } from '../../adapters/queue/launch-outbox.ts';
import { openDatasetGenerationJobs } from '../../adapters/queue/dataset-generation-outbox.ts';
import { openInferenceGenerationJobs } from '../../adapters/queue/inference-generation-outbox.ts';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue.ts';
import type { DatabaseHandle } from '../../adapters/sequelize/support/database.ts';
import { transactionContextOf } from '../../adapters/sequelize/support/transaction-context.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

/** The in-process queue (memory, SQLite): its outboxes are the PENDING evaluations and the QUEUED launches. */
export const inProcessQueueModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.jobQueue)
    .toResolvedValue(
      (storage: StoragePorts, config: Config, logger: pino.Logger, database?: DatabaseHandle): RunnableJobQueue => {
        // SQLite: wake the worker once the enqueuing transaction commits (memory writes are visible at once).
        const context = database ? transactionContextOf(database) : null;
        return new InProcessJobQueue({
          batchSize: config.QUEUE_BATCH_SIZE,
          stopGraceMs: config.SHUTDOWN_GRACE_MS,
          findPending: pendingEvaluationJobs(storage.evaluations),
          findQueuedLaunches: queuedLaunchJobs(storage.launches),
          findOpenInferenceGenerations: openInferenceGenerationJobs(storage.inferenceGenerationItems),
          findOpenRepricings: openRepricingJobs(storage.repricings),
          findOpenDatasetGenerations: openDatasetGenerationJobs(storage.generationJobs),
          onError: (error) => logger.warn({ err: error }, 'job queue error'),
          afterCommit: context ? (wake) => context.afterCommit(wake) : undefined,
        });
      },
      [TOKENS.storage, TOKENS.config, TOKENS.pino, { serviceIdentifier: TOKENS.database, optional: true }],
    )
    .inSingletonScope()
    .onDeactivation((queue) => queue.stop());
});

/** pg-boss on the PostgreSQL database; jobs join the stores' transactions. Built unstarted: entry points start it. */
export const pgBossQueueModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.jobQueue)
    .toResolvedValue(
      (config: Config, database: DatabaseHandle, logger: pino.Logger): RunnableJobQueue =>
        PgBossJobQueue.create(database, transactionContextOf(database), {
          connectionString: config.DATABASE_URL,
          jobTimeoutSeconds: config.QUEUE_JOB_TIMEOUT_SECONDS,
          heartbeatSeconds: config.QUEUE_HEARTBEAT_SECONDS,
          maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS,
          retryLimit: config.QUEUE_RETRY_LIMIT,
          batchSize: config.QUEUE_BATCH_SIZE,
          pollingSeconds: config.QUEUE_POLL_SECONDS,
          stopGraceMs: config.SHUTDOWN_GRACE_MS,
          supervise: true,
          onError: (error) => logger.warn({ err: error }, 'job queue error'),
        }),
      [TOKENS.config, TOKENS.database, TOKENS.pino],
    )
    .inSingletonScope()
    .onDeactivation((queue) => queue.stop());
});

/** The queue module a configuration needs. */
export const queueModuleFor = (config: Config): ContainerModule =>
  config.DATABASE_URL.startsWith('postgres') ? pgBossQueueModule : inProcessQueueModule;
