import test from 'ava';
import type { EvaluationJob } from '../../application/ports/job-queue.ts';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { InProcessJobQueue } from '../../adapters/queue/in-process-job-queue.ts';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { transactionContextOf } from '../../adapters/sequelize/support/transaction-context.ts';
import { createEvaluation } from '../../domain/evaluation/evaluation.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';

/**
 * JobQueue contract: jobs enqueued in a transaction exist exactly when it commits, and are delivered to the
 * worker; a rolled-back transaction leaves neither rows nor jobs.
 */
interface QueueWorld {
  readonly storage: StoragePorts;
  readonly queue: RunnableJobQueue;
  close(): Promise<void>;
}

const pendingOf =
  (storage: StoragePorts) =>
  async (limit: number): Promise<EvaluationJob[]> =>
    (
      await storage.evaluations.list(null, {
        where: [{ field: 'status', op: 'eq', value: 'PENDING' }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((evaluation) => ({
      organizationId: evaluation.organizationId,
      evaluationId: evaluation.id,
    }));

const worlds: Record<string, () => Promise<QueueWorld>> = {
  'in-process (memory)': async () => {
    const storage = createMemoryStorage();
    const queue = new InProcessJobQueue({ findPending: pendingOf(storage), pollMs: 50 });
    return { storage, queue, close: () => queue.stop() };
  },
  'in-process (sqlite)': async () => {
    const store = await createTestDatabase('sqlite');
    const database = openDatabase(store.url);
    await migrate(database);
    const storage = createSequelizeStorage(database);
    const queue = new InProcessJobQueue({ findPending: pendingOf(storage), pollMs: 50 });
    return {
      storage,
      queue,
      close: async () => (await queue.stop(), await database.sequelize.close(), await store.drop()),
    };
  },
};
if (await postgresAvailable()) {
  worlds['pg-boss (postgres)'] = async () => {
    const store = await createTestDatabase('postgres');
    const database = openDatabase(store.url);
    await migrate(database);
    const storage = createSequelizeStorage(database);
    const queue = await PgBossJobQueue.open(database, transactionContextOf(database), {
      connectionString: store.url,
      jobTimeoutSeconds: 30,
      maintenanceSeconds: 5,
      retryLimit: 2,
      batchSize: 10,
      pollingSeconds: 0.5,
      supervise: true,
    });
    return {
      storage,
      queue,
      close: async () => (await queue.stop(), await database.sequelize.close(), await store.drop()),
    };
  };
}

const evaluation = (id: string) =>
  createEvaluation(
    {
      id,
      organizationId: 'organization_q',
      metricId: 'metric_1',
      sessionId: 'session_1',
      userId: null,
      testCaseId: null,
      inferenceResultId: null,
      runId: null,
      versionId: null,
      metricLegacyAt: null,
      metricDisabledAt: null,
    },
    new Date().toISOString(),
  );

for (const [name, open] of Object.entries(worlds)) {
  test(`[${name}] committed jobs are delivered once each; rolled-back ones never exist`, async (t) => {
    const world = await open();
    try {
      const delivered: string[] = [];
      await world.queue.startWorker(async (jobs) => {
        for (const job of jobs) {
          delivered.push(job.evaluationId);
          const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
          t.truthy(stored, 'a delivered job always finds its committed row');
          if (stored?.status === 'PENDING')
            await world.storage.evaluations.update({ ...stored, status: 'SKIPPED', canRetry: false, error: 'done' });
        }
      }, 2);
      await t.throwsAsync(
        world.storage.uow.transaction(async () => {
          await world.storage.evaluations.insertMany([evaluation('evaluation_rolled_back')]);
          await world.queue.enqueue([{ organizationId: 'organization_q', evaluationId: 'evaluation_rolled_back' }]);
          throw new Error('refused');
        }),
        { message: 'refused' },
      );
      const ids = ['evaluation_a', 'evaluation_b', 'evaluation_c'];
      await world.storage.uow.transaction(async () => {
        await world.storage.evaluations.insertMany(ids.map(evaluation));
        await world.queue.enqueue(ids.map((evaluationId) => ({ organizationId: 'organization_q', evaluationId })));
      });
      const deadline = Date.now() + 15_000;
      while (delivered.length < ids.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 700));
      t.deepEqual([...delivered].sort(), ids);
      t.is(await world.storage.evaluations.get('organization_q', 'evaluation_rolled_back'), null);
    } finally {
      await world.close();
    }
  });
}

test('[in-process (memory)] jobs given up do not hide newer jobs from the worker', async (t) => {
  const storage = createMemoryStorage();
  const queue = new InProcessJobQueue({ findPending: pendingOf(storage), pollMs: 20, batchSize: 1, maxAttempts: 1 });
  try {
    const delivered: string[] = [];
    await queue.startWorker(async (jobs) => {
      for (const job of jobs) {
        delivered.push(job.evaluationId);
        if (job.evaluationId === 'evaluation_failing') throw new Error('always fails');
        const stored = await storage.evaluations.get(job.organizationId, job.evaluationId);
        if (stored) await storage.evaluations.update({ ...stored, status: 'SKIPPED', canRetry: false, error: 'done' });
      }
    }, 1);
    await storage.evaluations.insertMany([
      { ...evaluation('evaluation_failing'), createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    await queue.enqueue([{ organizationId: 'organization_q', evaluationId: 'evaluation_failing' }]);
    await queue.idle();
    await storage.evaluations.insertMany([evaluation('evaluation_newer')]);
    await queue.enqueue([{ organizationId: 'organization_q', evaluationId: 'evaluation_newer' }]);
    await queue.idle();
    t.deepEqual(delivered, ['evaluation_failing', 'evaluation_newer']);
  } finally {
    await queue.stop();
  }
});
