import test from 'ava';
import { createTenant, useWorld } from '../support/http-world.ts';

// The limiter is in-process and the same for every database, so SQLite is enough here.
const world = useWorld(test, 'sqlite', { RATE_LIMIT_PER_MINUTE: 40 });

test('each API key has its own window, reported in RateLimit headers; beyond it 429 with Retry-After', async (t) => {
  const tenant = await createTenant(world());
  const first = await tenant.member.get('/auth/user');
  t.is(first.headers.get('ratelimit-limit'), '40');
  t.is(first.headers.get('ratelimit-remaining'), '39');
  t.truthy(Number(first.headers.get('ratelimit-reset')) >= 1);
  for (let request = 0; request < 39; request += 1) await tenant.member.get('/auth/user');
  const refused = await tenant.member.get('/auth/user');
  t.is(refused.status, 429);
  t.is(refused.body.error, 'rate_limited');
  t.truthy(Number(refused.headers.get('retry-after')) >= 1);
  t.is(refused.headers.get('ratelimit-remaining'), '0');
  t.is((await tenant.owner.get('/auth/user')).status, 200, 'another key is not affected');
  t.is((await tenant.member.as(undefined).get('/health')).status, 200, 'open routes are not limited');
});
