import test, { type ExecutionContext } from 'ava';
import sqlite3 from 'sqlite3';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { killRunning } from '../support/processes.ts';
import { startServerProcess, storedSpanIds, terminate, tracingTenant } from '../support/platform-processes.ts';
import { startOwnPostgres } from '../support/own-postgres.ts';
import { pause, startSpanLoad, type LoadOutcome } from '../support/span-load.ts';
import { startTcpProxy, throughProxy } from '../support/tcp-proxy.ts';

const postgres = await postgresAvailable();
test.afterEach.always(() => killRunning());

/** What every cut must show: only 201 or 503, no broken connection, and service again after the cut. */
function assertClean(t: ExecutionContext, during: LoadOutcome, after: LoadOutcome) {
  t.log(`during the cut: ${JSON.stringify(during.statuses)}; after: ${JSON.stringify(after.statuses)}`);
  t.deepEqual(during.unexpected, [], 'only 201 or 503 while the database was cut');
  t.deepEqual(during.broken, [], 'no connection broken');
  t.true((during.statuses[503] ?? 0) > 0, `the cut was felt: ${JSON.stringify(during.statuses)}`);
  t.deepEqual(after.unexpected, []);
  t.deepEqual(after.broken, []);
  t.true(after.acknowledged.length > 0, `service resumed without a restart: ${JSON.stringify(after.statuses)}`);
}

/** Load for a while, cut the database for a while under the same load, restore, load again; all in one process. */
async function underLoad(
  start: () => ReturnType<typeof startSpanLoad>,
  cut: { sever(): Promise<void>; restore(): Promise<void> },
): Promise<{ before: LoadOutcome; during: LoadOutcome; after: LoadOutcome }> {
  const beforeLoad = start();
  await pause(1500);
  const before = await beforeLoad.stop();
  const duringLoad = start();
  await pause(300);
  await cut.sever();
  await pause(3000);
  await cut.restore();
  const during = await duringLoad.stop();
  const afterLoad = start();
  await pause(2500);
  const after = await afterLoad.stop();
  return { before, during, after };
}

(postgres ? test.serial : test.skip)(
  '[postgres] the connection to the database severed mid-load (loopback proxy): only 201 or 503, recovery without restart, every acknowledged span stored',
  async (t) => {
    t.timeout(120_000);
    const database = await createTestDatabase('postgres');
    const direct = new URL(database.url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const server = await startServerProcess({ DATABASE_URL: throughProxy(database.url, proxy), LOG_LEVEL: 'warn' });
    try {
      const tenant = await tracingTenant(server.admin, 'Cut Postgres');
      let round = 0;
      const start = () =>
        startSpanLoad({ ...tenant, url: server.url, clients: 4, spansPerBatch: 50, label: `pg${round++}` });
      const { before, during, after } = await underLoad(start, proxy);
      assertClean(t, during, after);
      t.true(before.acknowledged.length > 0);
      const acknowledged = [...before.acknowledged, ...during.acknowledged, ...after.acknowledged];
      const stored = await storedSpanIds(database.url, acknowledged);
      t.is(stored.size, acknowledged.length, 'every acknowledged span is stored');
      t.is(await terminate(server.process), 0);
    } finally {
      await terminate(server.process);
      await proxy.close();
      await database.drop();
    }
  },
);

(postgres ? test.serial : test.skip)(
  '[postgres, a server of its own] PostgreSQL shut down (fast) mid-load and started again: only 201 or 503, recovery without restart, every acknowledged span stored',
  async (t) => {
    t.timeout(150_000);
    const own = await startOwnPostgres();
    if (!own) return t.pass('no PostgreSQL server programs (initdb, pg_ctl) on this machine');
    try {
      const server = await startServerProcess({ DATABASE_URL: own.url, LOG_LEVEL: 'warn' });
      try {
        const tenant = await tracingTenant(server.admin, 'Restarted Postgres');
        let round = 0;
        const start = () =>
          startSpanLoad({ ...tenant, url: server.url, clients: 4, spansPerBatch: 50, label: `own${round++}` });
        const { before, during, after } = await underLoad(start, { sever: own.stop, restore: own.start });
        assertClean(t, during, after);
        const acknowledged = [...before.acknowledged, ...during.acknowledged, ...after.acknowledged];
        const stored = await storedSpanIds(own.url, acknowledged);
        t.is(stored.size, acknowledged.length, 'every acknowledged span is stored');
        t.is(await terminate(server.process), 0);
      } finally {
        await terminate(server.process);
      }
    } finally {
      await own.destroy();
    }
  },
);

test.serial(
  '[sqlite] another process holding the write lock mid-load beyond the busy timeout: only 201 or 503, recovery, every acknowledged span stored',
  async (t) => {
    t.timeout(120_000);
    const database = await createTestDatabase('sqlite');
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      SQLITE_BUSY_TIMEOUT_MS: '500',
      LOG_LEVEL: 'warn',
    });
    // The "cut": an outside process (a backup, a stuck maintenance job) takes SQLite's write lock and keeps it.
    const holder = new sqlite3.Database(database.url.slice('sqlite:'.length));
    const exec = (sql: string) =>
      new Promise<void>((resolve, reject) => holder.exec(sql, (error) => (error ? reject(error) : resolve())));
    holder.configure('busyTimeout', 10_000);
    try {
      const tenant = await tracingTenant(server.admin, 'Cut SQLite');
      let round = 0;
      const start = () =>
        startSpanLoad({ ...tenant, url: server.url, clients: 4, spansPerBatch: 50, label: `lite${round++}` });
      const { before, during, after } = await underLoad(start, {
        sever: () => exec('BEGIN EXCLUSIVE'),
        restore: () => exec('COMMIT'),
      });
      assertClean(t, during, after);
      const acknowledged = [...before.acknowledged, ...during.acknowledged, ...after.acknowledged];
      const stored = await storedSpanIds(database.url, acknowledged);
      t.is(stored.size, acknowledged.length, 'every acknowledged span is stored');
      t.is(await terminate(server.process), 0);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      await terminate(server.process);
      await database.drop();
    }
  },
);
