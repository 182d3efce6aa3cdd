import { createConnection } from 'node:net';
import test from 'ava';
import { createPlatform, type Platform } from '../../bootstrap/library.ts';
import type { Config } from '../../bootstrap/config.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { createTenant, startWorld } from '../support/http-world.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => resolve(socket.end() && true));
  socket.once('error', () => resolve(false));
});
const pgUp = await postgresAvailable();

/** Two API processes' worth of platform on one database, the first holding the admin key. */
async function twoInstances(database: string, config: Partial<Config>) {
  const platforms: Platform[] = [];
  platforms.push(await createPlatform({ database, config: { QUEUE_EMBEDDED_WORKER: false, ...config } }));
  platforms.push(await createPlatform({ database, config: { QUEUE_EMBEDDED_WORKER: false, ...config } }));
  const admin = await platforms[0].useCases.ensurePlatformAdmin.execute();
  if (!admin) throw new Error('no admin');
  const urls = await Promise.all(platforms.map((platform) => platform.listen(0)));
  return {
    clients: urls.map((url) => new ApiClient(url, admin.key)),
    close: () => Promise.all(platforms.map((platform) => platform.close())),
  };
}

async function spendAcross(clients: ApiClient[], requests: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < requests; index += 1) statuses.push((await clients[index % 2].get('/auth/user')).status);
  return statuses;
}

test('two API instances on one PostgreSQL share the per-key limit', async (t) => {
  if (!pgUp) return t.pass('PostgreSQL not reachable');
  const database = await createTestDatabase('postgres');
  const pair = await twoInstances(database.url, { RATE_LIMIT_PER_MINUTE: 5 });
  try {
    const statuses = await spendAcross(pair.clients, 7);
    t.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    const refused = await pair.clients[1].get('/auth/user');
    t.is(refused.headers.get('ratelimit-limit'), '5');
    t.truthy(refused.headers.get('retry-after'));
    t.is(refused.body.error, 'rate_limited');
  } finally {
    await pair.close();
    await database.drop();
  }
});

test('with REDIS_URL the instances share the limit through Redis', async (t) => {
  if (!redisUp) return t.pass('Redis not reachable');
  const database = await createTestDatabase('sqlite');
  const pair = await twoInstances(database.url, { RATE_LIMIT_PER_MINUTE: 4, REDIS_URL, FAILED_AUTH_PER_MINUTE: 0 });
  try {
    t.deepEqual(await spendAcross(pair.clients, 6), [200, 200, 200, 200, 429, 429]);
  } finally {
    await pair.close();
    await database.drop();
  }
});

test('all keys of an organization share its limit, so minting keys does not multiply it', async (t) => {
  const world = await startWorld('memory', { RATE_LIMIT_PER_MINUTE: 100, RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: 6 });
  try {
    const tenant = await createTenant(world);
    const minted = await tenant.owner.post('/apiKeys', { name: 'another' });
    const third = tenant.owner.as(minted.body.key);
    const statuses: number[] = [];
    for (const client of [tenant.owner, tenant.member, third, tenant.owner, tenant.member, third, third])
      statuses.push((await client.get('/auth/user')).status);
    // Creating the third key was the organization's first request.
    t.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    const refused = await tenant.member.get('/auth/user');
    t.regex(refused.body.message, /organization/);
    t.is((await world.admin.get('/auth/user')).status, 200, 'other organizations keep their allowance');
  } finally {
    await world.close();
  }
});

test('failed authentications count per client address; proxies are trusted only as configured', async (t) => {
  const direct = await startWorld('memory', { FAILED_AUTH_PER_MINUTE: 3 });
  const proxied = await startWorld('memory', { FAILED_AUTH_PER_MINUTE: 3, TRUST_PROXY_HOPS: 1 });
  try {
    const guess = (world: typeof direct, forwardedFor?: string) =>
      new ApiClient(world.url).request('GET', '/auth/user', {
        headers: {
          authorization: `Bearer assay_${'x'.repeat(40)}`,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await guess(direct, `10.0.0.${attempt}`)).status);
    t.deepEqual(statuses, [401, 401, 401, 429], 'a spoofed X-Forwarded-For does not reset the count');
    t.regex((await guess(direct)).body.message, /failed authentications/);
    t.is((await direct.admin.get('/auth/user')).status, 200, "a valid key is let through the address's refusal");

    for (let attempt = 0; attempt < 3; attempt += 1) t.is((await guess(proxied, '203.0.113.7')).status, 401);
    t.is((await guess(proxied, '203.0.113.7')).status, 429);
    t.is((await guess(proxied, '203.0.113.8')).status, 401, 'behind one trusted proxy, another client is separate');
  } finally {
    await direct.close();
    await proxied.close();
  }
});
