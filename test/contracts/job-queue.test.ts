import test, { type ExecutionContext } from 'ava';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { pendingEvaluationJobs } from '../../adapters/queue/evaluation-outbox.ts';
import { InProcessJobQueue, type InProcessQueueOptions } from '../../adapters/queue/in-process-job-queue.ts';
import { queuedLaunchJobs } from '../../adapters/queue/launch-outbox.ts';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { transactionContextOf } from '../../adapters/sequelize/support/transaction-context.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { pendingEvaluation } from '../support/pending-evaluation.ts';
import { createLaunch, startLaunch } from '../../domain/run/launch.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';

/**
 * JobQueue contract: jobs enqueued in a transaction exist exactly when it commits, and are delivered to the
 * worker; a rolled-back transaction leaves neither rows nor jobs.
 */
interface QueueWorld {
  readonly storage: StoragePorts;
  readonly queue: RunnableJobQueue;
  close(): Promise<void>;
}

/** An in-process queue finding its pending evaluations and queued launches in `storage`. */
const inProcessQueue = (
  storage: StoragePorts,
  options: Pick<InProcessQueueOptions, 'pollMs' | 'batchSize' | 'maxAttempts' | 'afterCommit'> &
    Partial<Pick<InProcessQueueOptions, 'findPending'>>,
) =>
  new InProcessJobQueue({
    findQueuedLaunches: queuedLaunchJobs(storage.launches),
    ...options,
    findPending: options.findPending ?? pendingEvaluationJobs(storage.evaluations),
  });

/** A migrated database of this kind with its storage; `closeWith` stops the queue, then closes and drops the database. */
async function sqlStorage(kind: 'sqlite' | 'postgres') {
  const store = await createTestDatabase(kind);
  const database = openDatabase(store.url);
  await migrate(database);
  const closeWith = (queue: RunnableJobQueue) => async () => {
    await queue.stop();
    await database.sequelize.close();
    await store.drop();
  };
  return { store, database, storage: createSequelizeStorage(database), closeWith };
}

const worlds: Record<string, () => Promise<QueueWorld>> = {
  'in-process (memory)': async () => {
    const storage = createMemoryStorage();
    const queue = inProcessQueue(storage, { pollMs: 50 });
    return { storage, queue, close: () => queue.stop() };
  },
  'in-process (sqlite)': async () => {
    const { storage, database, closeWith } = await sqlStorage('sqlite');
    const context = transactionContextOf(database);
    const queue = inProcessQueue(storage, { pollMs: 50, afterCommit: (wake) => context.afterCommit(wake) });
    return { storage, queue, close: closeWith(queue) };
  },
};
if (await postgresAvailable()) {
  worlds['pg-boss (postgres)'] = async () => {
    const { store, database, storage, closeWith } = await sqlStorage('postgres');
    const queue = PgBossJobQueue.create(database, transactionContextOf(database), {
      connectionString: store.url,
      jobTimeoutSeconds: 30,
      maintenanceSeconds: 5,
      retryLimit: 2,
      batchSize: 10,
      pollingSeconds: 0.5,
      supervise: true,
    });
    await queue.start();
    return { storage, queue, close: closeWith(queue) };
  };
}

/** One test per queue world, titled `[<name>] <title>`: the world is opened for the test and closed after it. */
function eachQueueWorld(
  title: string,
  body: (t: ExecutionContext, world: QueueWorld, name: string) => Promise<void>,
): void {
  for (const [name, open] of Object.entries(worlds))
    test(`[${name}] ${title}`, async (t) => {
      const world = await open();
      try {
        await body(t, world, name);
      } finally {
        await world.close();
      }
    });
}

/** Writes and enqueues `rolledBack` in a transaction that fails, then `ids` in one that commits. */
async function rollBackThenCommit(
  t: ExecutionContext,
  world: QueueWorld,
  rolledBack: string,
  ids: readonly string[],
  write: (ids: readonly string[]) => Promise<void>,
): Promise<void> {
  const refused = world.storage.uow.transaction(async () => {
    await write([rolledBack]);
    throw new Error('refused');
  });
  await t.throwsAsync(refused, { message: 'refused' });
  await world.storage.uow.transaction(() => write(ids));
}

/** Waits (15 s at most) for `count` deliveries, then 700 ms more, so that a duplicate delivery would show too. */
async function settled(delivered: readonly string[], count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (delivered.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise((resolve) => setTimeout(resolve, 700));
}

/** The organization every queue test writes to. */
const ORGANIZATION = 'organization_q';

/**
 * Stores (records built by `build` in `store`) and enqueues `rolledBack` in a transaction that fails, then `ids` in one
 * that commits; waits for the worker, then checks that each committed id was delivered once and the rolled-back one
 * was never stored.
 */
async function deliveredOnceEach<R>(
  t: ExecutionContext,
  world: QueueWorld,
  delivered: readonly string[],
  job: {
    ids: readonly string[];
    rolledBack: string;
    store: { insertMany(records: readonly R[]): Promise<void>; get(scope: string, id: string): Promise<R | null> };
    build: (id: string) => R;
    enqueue: (ids: readonly string[]) => Promise<void>;
  },
): Promise<void> {
  await rollBackThenCommit(t, world, job.rolledBack, job.ids, async (written) => {
    await job.store.insertMany(written.map(job.build));
    await job.enqueue(written);
  });
  await settled(delivered, job.ids.length);
  t.deepEqual([...delivered].sort(), job.ids);
  t.is(await job.store.get(ORGANIZATION, job.rolledBack), null);
}

const evaluation = (id: string) => pendingEvaluation({ id, organizationId: ORGANIZATION });

/** What a handler does with a delivered evaluation still PENDING: it ends it as SKIPPED (nothing to retry). */
const skipped = (stored: Evaluation): Evaluation => ({ ...stored, status: 'SKIPPED', canRetry: false, error: 'done' });

eachQueueWorld('committed jobs are delivered once each; rolled-back ones never exist', async (t, world) => {
  const delivered: string[] = [];
  await world.queue.startWorker(
    {
      handle: async (jobs) => {
        for (const job of jobs) {
          delivered.push(job.evaluationId);
          const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
          t.truthy(stored, 'a delivered job always finds its committed row');
          if (stored?.status === 'PENDING') await world.storage.evaluations.update(skipped(stored));
        }
      },
    },
    2,
  );
  await deliveredOnceEach(t, world, delivered, {
    ids: ['evaluation_a', 'evaluation_b', 'evaluation_c'],
    rolledBack: 'evaluation_rolled_back',
    store: world.storage.evaluations,
    build: evaluation,
    enqueue: (written) =>
      world.queue.enqueue(written.map((evaluationId) => ({ organizationId: ORGANIZATION, evaluationId }))),
  });
});

const queuedLaunch = (id: string) =>
  createLaunch(
    { runId: 'run_q', kind: 'EVALUATE_SESSION', request: {} },
    { id, organizationId: ORGANIZATION, now: new Date().toISOString() },
  );

eachQueueWorld(
  'launch jobs: committed ones are delivered once each, one per handler call; rolled-back ones never exist',
  async (t, world) => {
    const delivered: string[] = [];
    await world.queue.startLaunchWorker(
      {
        handle: async (jobs) => {
          t.is(jobs.length, 1);
          for (const job of jobs) {
            delivered.push(job.launchId);
            const stored = await world.storage.launches.get(job.organizationId, job.launchId);
            t.truthy(stored, 'a delivered job always finds its committed launch');
            if (stored?.status === 'QUEUED') await world.storage.launches.update(startLaunch(stored, stored.createdAt));
          }
        },
      },
      2,
    );
    await deliveredOnceEach(t, world, delivered, {
      ids: ['launch_a', 'launch_b'],
      rolledBack: 'launch_rolled_back',
      store: world.storage.launches,
      build: queuedLaunch,
      enqueue: (written) =>
        world.queue.enqueueLaunches(written.map((launchId) => ({ organizationId: ORGANIZATION, launchId }))),
    });
  },
);

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

eachQueueWorld(
  'each job of a batch succeeds or fails alone; one failing every attempt is given up once',
  async (t, world, name) => {
    const handled: string[] = [];
    const attempts = new Map<string, number>();
    const givenUp: { id: string; failure: unknown }[] = [];
    const batches: string[][] = [];
    await world.queue.startWorker(
      {
        handle: async (jobs) => {
          batches.push(jobs.map((job) => job.evaluationId));
          for (const job of jobs)
            if (job.evaluationId === 'evaluation_poison') {
              attempts.set(job.evaluationId, (attempts.get(job.evaluationId) ?? 0) + 1);
              throw new Error('poisoned');
            }
          for (const job of jobs) {
            handled.push(`${job.organizationId}/${job.evaluationId}`);
            const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
            if (stored?.status === 'PENDING') await world.storage.evaluations.update(skipped(stored));
          }
        },
        giveUp: async (job, failure) => {
          givenUp.push({ id: job.evaluationId, failure });
          const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
          if (stored?.status === 'PENDING')
            await world.storage.evaluations.update({ ...stored, status: 'FAILED', canRetry: true, error: 'gave up' });
        },
      },
      1,
    );
    const jobs = [
      { organizationId: 'organization_a', evaluationId: 'evaluation_poison' },
      { organizationId: 'organization_b', evaluationId: 'evaluation_b1' },
      { organizationId: 'organization_b', evaluationId: 'evaluation_b2' },
      { organizationId: 'organization_a', evaluationId: 'evaluation_a1' },
    ];
    await world.storage.uow.transaction(async () => {
      await world.storage.evaluations.insertMany(
        jobs.map((job) => pendingEvaluation({ id: job.evaluationId, organizationId: job.organizationId })),
      );
      await world.queue.enqueue(jobs);
    });
    const deadline = Date.now() + 20_000;
    while (givenUp.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 700));
    t.deepEqual([...handled].sort(), [
      'organization_a/evaluation_a1',
      'organization_b/evaluation_b1',
      'organization_b/evaluation_b2',
    ]);
    t.true(
      batches.some((batch) => batch.length > 1 && batch.includes('evaluation_poison')),
      'the tenants shared a batch',
    );
    t.deepEqual(
      givenUp.map((entry) => [entry.id, (entry.failure as Error).message]),
      [['evaluation_poison', 'poisoned']],
    );
    const poisoned = await world.storage.evaluations.get('organization_a', 'evaluation_poison');
    t.like(poisoned, { status: 'FAILED', error: 'gave up' });
    const expectedAttempts = name.startsWith('pg-boss') ? 3 : 5;
    // The shared batch fails once for everyone; only the poisoned job's own attempts count towards giving up.
    t.is(attempts.get('evaluation_poison'), expectedAttempts + 1);
  },
);
