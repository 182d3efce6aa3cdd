import test from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, startWorld } from '../support/http-world.ts';

const PASSWORD = 'correct horse battery';

/** A request with a key nobody holds, from the world's one loopback address (or the forwarded one). */
const guess = (url: string, forwardedFor?: string) =>
  new ApiClient(url).request('GET', '/auth/user', {
    headers: {
      authorization: `Bearer assay_${Math.random().toString(36).slice(2).padEnd(40, 'x')}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  });

test('failed keys from one address are throttled; valid keys of other clients at that address are not', async (t) => {
  // The defaults: FAILED_AUTH_PER_MINUTE 100.
  const world = await startWorld('memory');
  try {
    const tenant = await createTenant(world);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 101; attempt += 1) statuses.push((await guess(world.url)).status);
    t.deepEqual(statuses, [...Array(100).fill(401), 429], 'the 101st failure is refused');
    t.is((await tenant.member.get('/auth/user')).status, 200, "another organization's key still works");
    t.is((await world.admin.get('/auth/user')).status, 200, 'the platform admin still works');
    const further = await guess(world.url);
    t.is(further.status, 429, 'guessing stays throttled after valid keys passed');
    t.is(further.body.error, 'rate_limited');
    t.regex(further.body.message, /failed authentications from this address/);
    t.truthy(Number(further.headers.get('retry-after')) >= 1);
    const missing = await new ApiClient(world.url).request('GET', '/auth/user');
    t.is(missing.status, 429, 'a request without any key is a failure too');
  } finally {
    await world.close();
  }
});

test('failed sign-ins count per client address whatever e-mail they name; keys keep working', async (t) => {
  const world = await startWorld('memory', { SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: 5, TRUST_PROXY_HOPS: 1 });
  try {
    const tenant = await createTenant(world);
    t.is((await world.admin.put(`/users/${tenant.memberId}/password`, { password: PASSWORD })).status, 204);
    const email = (await tenant.member.get('/auth/user')).body.email as string;
    const signIn = (body: object, from = '198.51.100.1') =>
      new ApiClient(world.url).request('POST', '/auth/signIn', { body, headers: { 'x-forwarded-for': from } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await signIn({ email: `nobody-${attempt}@example.test`, password: 'wrong password!' })).status);
    t.deepEqual(statuses, [401, 401, 401, 401, 401], 'each e-mail was tried once: the per-e-mail limit is not met');
    const refused = await signIn({ email: 'someone-else@example.test', password: 'wrong password!' });
    t.is(refused.status, 429);
    t.is(refused.body.error, 'rate_limited');
    t.regex(refused.body.message, /failed sign-ins from this address/);
    t.truthy(Number(refused.headers.get('retry-after')) >= 1);
    t.is((await signIn({ email, password: PASSWORD })).status, 429, 'a spent address is refused before the check');
    const elsewhere = await signIn({ email, password: PASSWORD }, '198.51.100.2');
    t.is(elsewhere.status, 200, 'another address signs in');
    t.truthy(elsewhere.body.key);
    t.is((await tenant.member.get('/auth/user')).status, 200, 'API keys are not touched by failed sign-ins');
  } finally {
    await world.close();
  }
});

test('successful sign-ins do not spend the address allowance', async (t) => {
  const world = await startWorld('memory', { SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: 2 });
  try {
    const tenant = await createTenant(world);
    t.is((await world.admin.put(`/users/${tenant.ownerId}/password`, { password: PASSWORD })).status, 204);
    const email = (await tenant.owner.get('/auth/user')).body.email as string;
    const anonymous = new ApiClient(world.url);
    for (let attempt = 0; attempt < 4; attempt += 1)
      t.is((await anonymous.post('/auth/signIn', { email, password: PASSWORD })).status, 200);
  } finally {
    await world.close();
  }
});
