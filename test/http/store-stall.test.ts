import { createConnection } from 'node:net';
import test from 'ava';
import { createPlatform } from '../../bootstrap/library.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { createTenant, startWorld } from '../support/http-world.ts';
import { startTcpProxy, throughProxy } from '../support/tcp-proxy.ts';

const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: REDIS_URL.hostname, port: Number(REDIS_URL.port || 6379) });
  socket.once('connect', () => resolve(socket.end() && true));
  socket.once('error', () => resolve(false));
});
const postgres = await postgresAvailable();

/**
 * Polls `/ready` until `done` holds for its answer, sending `traffic` first each time (the store is retried by the
 * first request counted a few seconds after it failed).
 */
async function readyUntil(
  client: ApiClient,
  done: (body: { degraded?: string[] }) => boolean,
  traffic: () => Promise<unknown> = async () => {},
) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await traffic();
    const ready = await client.get('/ready');
    if (ready.status === 200 && done(ready.body)) return ready;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('readiness never changed');
}

(redisUp ? test : test.skip)(
  'a silent Redis holds up no request: limits are counted in memory and /ready names the degraded store',
  async (t) => {
    t.timeout(60_000);
    const proxy = await startTcpProxy({ host: REDIS_URL.hostname, port: Number(REDIS_URL.port || 6379) });
    const redisUrl = new URL(REDIS_URL);
    redisUrl.hostname = '127.0.0.1';
    redisUrl.port = String(proxy.port);
    const world = await startWorld('memory', { REDIS_URL: redisUrl.toString(), RATE_LIMIT_PER_MINUTE: 8 });
    try {
      const tenant = await createTenant(world);
      const anonymous = world.admin.as(undefined);
      t.is((await tenant.member.get('/auth/user')).status, 200);
      t.deepEqual((await anonymous.get('/ready')).body, { status: 'ready' });

      proxy.stall();
      const statuses: number[] = [];
      for (let request = 0; request < 9; request += 1) statuses.push((await tenant.member.get('/auth/user')).status);
      t.deepEqual(statuses, [...Array(8).fill(200), 429], 'answered while Redis is silent, and still limited');
      t.is((await tenant.owner.get('/auth/user')).status, 200, 'another key has its own count in memory');
      const degraded = await anonymous.get('/ready');
      t.is(degraded.status, 200, 'the process still serves: it stays in rotation');
      t.is(degraded.body.status, 'ready');
      t.regex(degraded.body.degraded[0], /rate limits counted in process memory .* Redis rate store no answer within/);

      proxy.unstall();
      const recovered = await readyUntil(
        anonymous,
        (body) => !body.degraded,
        () => world.admin.get('/auth/user'),
      );
      t.deepEqual(recovered.body, { status: 'ready' }, 'counted in Redis again');
    } finally {
      proxy.unstall();
      await world.close();
      await proxy.close();
    }
  },
);

(postgres ? test : test.skip)(
  '[postgres] /ready answers 503 in time while the database is silent, and 200 once it answers again',
  async (t) => {
    t.timeout(60_000);
    const database = await createTestDatabase('postgres');
    const direct = new URL(database.url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const platform = await createPlatform({
      database: throughProxy(database.url, proxy),
      config: { QUEUE_EMBEDDED_WORKER: false },
    });
    try {
      const anonymous = new ApiClient(await platform.listen(0));
      t.is((await anonymous.get('/ready')).status, 200);
      proxy.stall();
      const stalled = await anonymous.get('/ready');
      t.is(stalled.status, 503);
      t.is(stalled.body.error, 'unavailable');
      t.regex(stalled.body.message, /the database did not answer within 2000 ms/);
      t.truthy(stalled.headers.get('retry-after'));
      t.is((await anonymous.get('/health')).status, 200, 'liveness does not wait for the database');
      proxy.unstall();
      await readyUntil(anonymous, () => true);
    } finally {
      proxy.unstall();
      await platform.close();
      await proxy.close();
      await database.drop();
    }
  },
);
