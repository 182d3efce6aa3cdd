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
import { createLaunch } from '../../domain/run/launch.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';

/**
 * The JobQueue contract's worlds (in-process on memory and SQLite, pg-boss on PostgreSQL) and helpers: jobs enqueued in a transaction exist exactly when it commits, and are delivered to the
 * worker; a rolled-back transaction leaves neither rows nor jobs.
 */
export interface QueueWorld {
  readonly storage: StoragePorts;
  readonly queue: RunnableJobQueue;
  close(): Promise<void>;
}

/** An in-process queue finding its pending evaluations and queued launches in `storage`. */
export const inProcessQueue = (
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
export async function sqlStorage(kind: 'sqlite' | 'postgres') {
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

export const worlds: Record<string, () => Promise<QueueWorld>> = {
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
export function eachQueueWorld(
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
export async function rollBackThenCommit(
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
export async function settled(delivered: readonly string[], count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (delivered.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise((resolve) => setTimeout(resolve, 700));
}

/** The organization every queue test writes to. */
export const ORGANIZATION = 'organization_q';

/**
 * Stores (records built by `build` in `store`) and enqueues `rolledBack` in a transaction that fails, then `ids` in one
 * that commits; waits for the worker, then checks that each committed id was delivered once and the rolled-back one
 * was never stored.
 */
export async function deliveredOnceEach<R>(
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

export const evaluation = (id: string) => pendingEvaluation({ id, organizationId: ORGANIZATION });

/** What a handler does with a delivered evaluation still PENDING: it ends it as SKIPPED (nothing to retry). */
export const skipped = (stored: Evaluation): Evaluation => ({
  ...stored,
  status: 'SKIPPED',
  canRetry: false,
  error: 'done',
});

export const queuedLaunch = (id: string) =>
  createLaunch(
    { runId: 'run_q', kind: 'EVALUATE_SESSION', request: {} },
    { id, organizationId: ORGANIZATION, now: new Date().toISOString() },
  );
