import test from 'ava';
import { ConnectionRefusedError, DatabaseError, TimeoutError, UniqueConstraintError } from 'sequelize';
import sqlite3 from 'sqlite3';
import { asUnavailable } from '../../adapters/sequelize/support/outages.ts';
import { Unavailable } from '../../domain/errors.ts';
import { createPlatform, type Platform } from '../../bootstrap/library.ts';
import { ApiClient, type ApiResponse } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { startTcpProxy, throughProxy } from '../support/tcp-proxy.ts';

async function adminOf(platform: Platform): Promise<ApiClient> {
  const first = await platform.useCases.ensurePlatformAdmin.execute();
  return new ApiClient(await platform.listen(0), first!.key);
}

function assertUnavailable(t: { is(a: unknown, b: unknown, m?: string): void }, response: ApiResponse, what: string) {
  t.is(response.status, 503, `${what}: ${JSON.stringify(response.body)}`);
  t.is(response.body.error, 'unavailable', what);
  t.is(response.headers.get('retry-after'), '2', what);
}

/** Polls until the request succeeds; every answer on the way must be a 2xx or a 503. */
async function recovered(send: () => Promise<ApiResponse>, timeoutMs = 15_000): Promise<ApiResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await send();
    if (response.status < 300) return response;
    if (response.status !== 503) throw new Error(`answered ${response.status} ${JSON.stringify(response.body)}`);
    if (Date.now() > deadline) throw new Error('did not recover');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postgres = await postgresAvailable();

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** How the drivers report an outage, as met in the wild, and failures that are not one. */
const shapes: [string, unknown, boolean][] = [
  ['refused', new ConnectionRefusedError(driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')), true],
  [
    'refused on every address',
    new AggregateError([driverError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]),
    true,
  ],
  ['reset', driverError('ECONNRESET', 'read ECONNRESET'), true],
  ['lost mid-query', new Error('Connection terminated unexpectedly'), true],
  [
    'administrator shutdown',
    new DatabaseError(driverError('57P01', 'terminating connection due to administrator command') as never),
    true,
  ],
  ['starting up', driverError('57P03', 'the database system is starting up'), true],
  ['shutting down', driverError('57P03', 'the database system is shutting down'), true],
  ['connection failure class', driverError('08006', 'connection failure'), true],
  [
    'pool closed',
    new Error('ConnectionManager.getConnection was called after the connection manager was closed!'),
    true,
  ],
  ['SQLite busy', new TimeoutError(driverError('SQLITE_BUSY', 'SQLITE_BUSY: database is locked') as never), true],
  ['SQLite handle closed', driverError('SQLITE_MISUSE', 'SQLITE_MISUSE: Database is closed'), true],
  ['unique key', new UniqueConstraintError({ message: 'Validation error' }), false],
  ['missing table', new DatabaseError(driverError('42P01', 'relation "nope" does not exist') as never), false],
  ['a bug', new TypeError('undefined is not a function'), false],
];

test('outages become Unavailable (503); every other failure passes unchanged', (t) => {
  for (const [name, error, outage] of shapes) {
    const raised = asUnavailable(error);
    if (outage) t.true(raised instanceof Unavailable, name);
    else t.is(raised, error, name);
  }
});

(postgres ? test : test.skip)(
  '[postgres] the database cut answers 503 with Retry-After on every route; service resumes without a restart',
  async (t) => {
    const database = await createTestDatabase('postgres');
    const direct = new URL(database.url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const platform = await createPlatform({
      database: throughProxy(database.url, proxy),
      config: { QUEUE_EMBEDDED_WORKER: false },
    });
    try {
      const admin = await adminOf(platform);
      const organization = (await admin.post('/organizations', { name: 'Outage' })).body;
      await proxy.sever();
      assertUnavailable(t, await admin.get(`/organizations/${organization.id}`), 'a read');
      assertUnavailable(t, await admin.post('/organizations', { name: 'During' }), 'a write');
      assertUnavailable(t, await admin.get('/auth/user'), 'authentication alone');
      t.is((await admin.get('/health')).status, 200, 'liveness does not depend on the database');
      await proxy.restore();
      const read = await recovered(() => admin.get(`/organizations/${organization.id}`));
      t.is(read.body.name, 'Outage');
      t.is((await admin.post('/organizations', { name: 'After' })).status, 201);
      t.is((await admin.as(undefined).get('/ready')).status, 200);
    } finally {
      await platform.close();
      await proxy.close();
      await database.drop();
    }
  },
);

test('[sqlite] a lock held by another process beyond the busy timeout answers writes 503; they succeed once it is released', async (t) => {
  const database = await createTestDatabase('sqlite');
  const platform = await createPlatform({ database: database.url, config: { SQLITE_BUSY_TIMEOUT_MS: 200 } });
  const holder = new sqlite3.Database(database.url.slice('sqlite:'.length));
  const exec = (sql: string) =>
    new Promise<void>((resolve, reject) => holder.exec(sql, (error) => (error ? reject(error) : resolve())));
  try {
    const admin = await adminOf(platform);
    const organization = (await admin.post('/organizations', { name: 'Locked' })).body;
    await exec('BEGIN EXCLUSIVE');
    assertUnavailable(t, await admin.post('/organizations', { name: 'Waits' }), 'a write');
    assertUnavailable(t, await admin.patch(`/organizations/${organization.id}`, { name: 'Renamed' }), 'an update');
    t.is(
      (await admin.get(`/organizations/${organization.id}`)).status,
      200,
      'readers still read beside the lock (WAL)',
    );
    await exec('COMMIT');
    t.is((await admin.post('/organizations', { name: 'Released' })).status, 201);
    t.is(
      (await admin.get(`/organizations/${organization.id}`)).body.name,
      'Locked',
      'the refused update changed nothing',
    );
  } finally {
    await new Promise((resolve) => holder.close(resolve));
    await platform.close();
    await database.drop();
  }
});
