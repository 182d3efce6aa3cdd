import test from 'ava';
import { evaluation, inProcessQueue, ORGANIZATION, settled, skipped, sqlStorage } from './queue-worlds.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { pendingEvaluationJobs } from '../../adapters/queue/evaluation-outbox.ts';
import { transactionContextOf } from '../../adapters/sequelize/support/transaction-context.ts';

// The in-process queue alone: waking on commit (never on rollback), and given-up jobs hiding nothing.
test('[in-process (sqlite)] an enqueue wakes the worker once its transaction commits, and never when it rolls back', async (t) => {
  const { storage, database, closeWith } = await sqlStorage('sqlite');
  const context = transactionContextOf(database);
  const found: string[][] = [];
  const findPending = pendingEvaluationJobs(storage.evaluations);
  const queue = inProcessQueue(storage, {
    // Each read of the outbox is recorded with what it found; polling is too slow to matter here.
    findPending: async (limit) => {
      const jobs = await findPending(limit);
      found.push(jobs.map((job) => job.evaluationId));
      return jobs;
    },
    pollMs: 60_000,
    batchSize: 1,
    afterCommit: (wake) => context.afterCommit(wake),
  });
  try {
    const delivered: string[] = [];
    await queue.startWorker(
      {
        handle: async ([job]) => {
          delivered.push(job.evaluationId);
          await storage.evaluations.update(skipped(await storage.evaluations.require(ORGANIZATION, job.evaluationId)));
        },
      },
      1,
    );
    await queue.idle();
    // idle() wakes the loop too, which then looks again after 10, 40 and 160 ms before resting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const readsAtRest = found.length;
    const enqueue = (id: string) => async () => {
      await storage.evaluations.insertMany([evaluation(id)]);
      await queue.enqueue([{ organizationId: ORGANIZATION, evaluationId: id }]);
    };
    await t.throwsAsync(
      storage.uow.transaction(async () => {
        await enqueue('evaluation_rolled_back')();
        throw new Error('refused');
      }),
      { message: 'refused' },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.is(found.length, readsAtRest, 'a rolled-back enqueue does not wake the worker');
    await storage.uow.transaction(enqueue('evaluation_committed'));
    await settled(delivered, 1);
    t.deepEqual(delivered, ['evaluation_committed']);
    t.deepEqual(found[readsAtRest], ['evaluation_committed'], 'the first read after the wake sees the committed job');
  } finally {
    await closeWith(queue)();
  }
});

test('[in-process (memory)] jobs given up do not hide newer jobs from the worker', async (t) => {
  const storage = createMemoryStorage();
  const queue = inProcessQueue(storage, { pollMs: 20, batchSize: 1, maxAttempts: 1 });
  try {
    const delivered: string[] = [];
    await queue.startWorker(
      {
        handle: async (jobs) => {
          for (const job of jobs) {
            delivered.push(job.evaluationId);
            if (job.evaluationId === 'evaluation_failing') throw new Error('always fails');
            const stored = await storage.evaluations.get(job.organizationId, job.evaluationId);
            if (stored) await storage.evaluations.update(skipped(stored));
          }
        },
      },
      1,
    );
    await storage.evaluations.insertMany([
      { ...evaluation('evaluation_failing'), createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    await queue.enqueue([{ organizationId: ORGANIZATION, evaluationId: 'evaluation_failing' }]);
    await queue.idle();
    await storage.evaluations.insertMany([evaluation('evaluation_newer')]);
    await queue.enqueue([{ organizationId: ORGANIZATION, evaluationId: 'evaluation_newer' }]);
    await queue.idle();
    t.deepEqual(delivered, ['evaluation_failing', 'evaluation_newer']);
  } finally {
    await queue.stop();
  }
});
