import test from 'ava';
import { readFile } from 'node:fs/promises';
import { databaseWorlds } from '../support/http-world.ts';

for (const { world, title } of await databaseWorlds(test)) {
  test(title('health, openapi.json and docs need no credential'), async (t) => {
    const anonymous = world().admin.as(undefined);
    t.deepEqual((await anonymous.get('/health')).body, { status: 'ok' });
    const openapi = await anonymous.get('/openapi.json');
    t.is(openapi.status, 200);
    t.is(openapi.body.openapi, '3.1.0');
    const docs = await anonymous.get('/docs');
    t.is(docs.status, 200);
    t.regex(docs.headers.get('content-type') ?? '', /text\/html/);
    t.true(docs.body.includes('/organizations/{id}'));
    t.is((await anonymous.get('/minimum-sdk-version')).status, 401);
  });

  test(title('the served OpenAPI document is the one checked in at docs/openapi.json'), async (t) => {
    const served = await world().admin.get('/openapi.json');
    const checkedIn = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    t.deepEqual(served.body, checkedIn, 'run `npm run openapi` after changing routes or schemas');
  });

  test(title('the SDK version policy comes from configuration'), async (t) => {
    const policy = await world().admin.get('/minimum-sdk-version');
    t.deepEqual(policy.body, { latestSdkVersionPublished: '1.0.0', minimumSdkVersionSupported: '1.0.0' });
  });

  test(title('malformed JSON, wrong media type, unknown fields and unknown routes are clear 4xx'), async (t) => {
    const { admin } = world();
    const malformed = await admin.request('POST', '/organizations', {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    t.is(malformed.status, 400);
    t.is(malformed.body.error, 'invalid_input');
    const wrongType = await admin.request('POST', '/organizations', {
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    t.is(wrongType.status, 415);
    t.is(wrongType.body.error, 'unsupported_media_type');
    const unknownField = await admin.post('/organizations', { name: 'X', colour: 'red' });
    t.is(unknownField.status, 400);
    t.deepEqual(unknownField.body.issues, [{ path: 'colour', message: 'unknown field' }]);
    const missing = await admin.post('/organizations', {});
    t.is(missing.status, 400);
    t.is(missing.body.issues[0].path, 'name');
    const scalar = await admin.request('POST', '/organizations', {
      raw: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    t.is(scalar.status, 400);
    const nowhere = await admin.get('/nowhere');
    t.is(nowhere.status, 404);
    t.is(nowhere.body.error, 'not_found');
    const wrongMethod = await admin.request('PUT', '/health');
    t.is(wrongMethod.status, 405);
  });

  test(title('a body over 16 MB is refused with 413'), async (t) => {
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024 * 1024) });
    const response = await world().admin.request('POST', '/organizations', {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    t.is(response.status, 413);
    t.is(response.body.error, 'payload_too_large');
  });

  test(title('every response carries a request id; a well-formed caller id is kept'), async (t) => {
    const { admin } = world();
    const fresh = await admin.get('/health');
    t.regex(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const kept = await admin.request('GET', '/auth/user', { headers: { 'x-request-id': 'trace-abc.123' } });
    t.is(kept.headers.get('x-request-id'), 'trace-abc.123');
    const failed = await admin.get('/organizations/organization_missing');
    t.truthy(failed.headers.get('x-request-id'));
  });
}
