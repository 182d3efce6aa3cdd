import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { json } from '../support/local-http.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

/** Custom header values are secrets: sealed at rest, shown as ***, sent to the product in clear. */
const [database] = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    '/headers': (request, response) =>
      json(response, 200, {
        answer: {
          text: [request.headers.authorization, request.headers.cookie, request.headers['x-api-key']].join('|'),
        },
      }),
  });
});
test.after.always(() => product.close());

const world = useWorld(test, database, { ASSAY_SECRET_KEY: TEST_SECRET_KEY, ENDPOINT_ALLOW_PRIVATE_NETWORKS: true });
const SECRETS = ['Bearer h-s3cret', 'sid=c-s3cret', 'k-s3cret'];
const leaks = (body: unknown) => SECRETS.filter((secret) => JSON.stringify(body).includes(secret.split(/[ =]/)[1]));
const HEADERS = { Authorization: SECRETS[0], Cookie: SECRETS[1], 'X-Api-Key': SECRETS[2] };
const MASKED = { Authorization: '***', Cookie: '***', 'X-Api-Key': '***' };
let counter = 0;

test(`[${database}] custom header values are never shown: create, read, list, PATCH and the test call's echo`, async (t) => {
  const { owner, member, organizationId } = await createTenant(world());
  const created = await owner.post('/endpointConnections', {
    name: `Headers ${++counter}`,
    url: `${product.url}/headers`,
    headers: HEADERS,
    outputMapping: { output: '$.answer.text' },
  });
  t.is(created.status, 201, JSON.stringify(created.body));
  t.deepEqual(created.body.headers, MASKED);
  const id = created.body.id as string;
  const read = await member.get(`/endpointConnections/${id}`);
  t.deepEqual(read.body.headers, MASKED, 'a MEMBER reads the names only');
  const listed = await member.get('/endpointConnections');
  const patched = await owner.patch(`/endpointConnections/${id}`, { timeoutMs: 5000 });
  t.deepEqual(patched.body.headers, MASKED);
  const report = await member.post(`/endpointConnections/${id}/test`, { input: 'hi' });
  t.is(report.status, 200);
  t.like(report.body.request.headers, MASKED);
  t.is(report.body.mapped.output, SECRETS.join('|'), 'the product receives every value in clear');
  for (const body of [created.body, read.body, listed.body, patched.body, report.body.request])
    t.deepEqual(leaks(body), []);
  const stored = await world().platform.ports.endpointConnections.get(organizationId, id);
  t.deepEqual(Object.keys(stored?.headers ?? {}), Object.keys(HEADERS));
  t.deepEqual(leaks(stored), [], 'sealed at rest');
});

test(`[${database}] a PATCH of headers: *** keeps a stored value, a new value replaces it, a header left out is dropped`, async (t) => {
  const { owner } = await createTenant(world());
  const id = (
    await owner.post('/endpointConnections', {
      name: `Headers ${++counter}`,
      url: `${product.url}/headers`,
      headers: HEADERS,
      outputMapping: { output: '$.answer.text' },
    })
  ).body.id as string;
  const answered = async () =>
    (await owner.post(`/endpointConnections/${id}/test`, { input: 'hi' })).body.mapped.output;
  const kept = await owner.patch(`/endpointConnections/${id}`, {
    headers: { authorization: '***', Cookie: 'sid=new', 'X-Api-Key': '***' },
  });
  t.is(kept.status, 200, JSON.stringify(kept.body));
  t.deepEqual(kept.body.headers, { authorization: '***', Cookie: '***', 'X-Api-Key': '***' });
  t.is(await answered(), `${SECRETS[0]}|sid=new|${SECRETS[2]}`);
  const dropped = await owner.patch(`/endpointConnections/${id}`, { headers: { 'X-Api-Key': '***' } });
  t.deepEqual(dropped.body.headers, { 'X-Api-Key': '***' });
  t.is(await answered(), `||${SECRETS[2]}`);
  const unknown = await owner.patch(`/endpointConnections/${id}`, { headers: { 'X-Api-Key': '***', Cookie: '***' } });
  t.is(unknown.status, 400);
  t.is(unknown.body.error, 'invalid_input');
  t.deepEqual(
    unknown.body.issues.map((issue: { path: string }) => issue.path),
    ['headers.Cookie'],
  );
  t.regex(unknown.body.issues[0].message, /none is stored under this name/);
  t.is(await answered(), `||${SECRETS[2]}`, 'a refused PATCH changes nothing');
  t.deepEqual((await owner.patch(`/endpointConnections/${id}`, { headers: null })).body.headers, {});
});

test(`[${database}] another organization can neither read nor call a connection's headers`, async (t) => {
  const { owner } = await createTenant(world());
  const other = await createTenant(world());
  const id = (
    await owner.post('/endpointConnections', { name: `Headers ${++counter}`, url: product.url, headers: HEADERS })
  ).body.id as string;
  t.is((await other.owner.get(`/endpointConnections/${id}`)).status, 404);
  t.is((await other.owner.patch(`/endpointConnections/${id}`, { headers: { Cookie: '***' } })).status, 404);
  t.is((await other.owner.post(`/endpointConnections/${id}/test`, { input: 'hi' })).status, 404);
});

test(`[${database}] a token or header value HTTP cannot carry is a 400 at create and update, never a 500 later`, async (t) => {
  const { owner } = await createTenant(world());
  const base = { name: `Unsendable ${++counter}`, url: `${product.url}/echo` };
  const cases = [
    { body: { ...base, authType: 'BEARER', token: 'tökén€' }, path: 'token' },
    { body: { ...base, authType: 'API_KEY', apiKey: 'clé€' }, path: 'apiKey' },
    { body: { ...base, headers: { 'X-Team': 'tökén€' } }, path: 'headers.X-Team' },
  ];
  for (const { body, path } of cases) {
    const refused = await owner.post('/endpointConnections', body);
    t.is(refused.status, 400, path);
    t.deepEqual(
      refused.body.issues.map((issue: { path: string }) => issue.path),
      [path],
    );
    t.regex(refused.body.issues[0].message, /U\+20AC, which an HTTP header cannot carry/);
    t.false(JSON.stringify(refused.body).includes('tökén'), 'the value is not echoed');
  }
  const latin1 = await owner.post('/endpointConnections', {
    ...base,
    authType: 'BEARER',
    token: 'tökén',
    headers: { 'X-Team': 'café' },
  });
  t.is(latin1.status, 201, 'Latin-1 can be sent');
  const id = latin1.body.id as string;
  t.is((await owner.patch(`/endpointConnections/${id}`, { token: 'tökén€' })).status, 400);
  t.is((await owner.patch(`/endpointConnections/${id}`, { headers: { 'X-Team': '€' } })).status, 400);
  const basic = await owner.post('/endpointConnections', {
    ...base,
    name: `Unsendable ${++counter}`,
    authType: 'BASIC',
    username: 'José',
    password: 'pä€ss',
    outputMapping: { output: '$.answer.text' },
  });
  t.is(basic.status, 201, 'BASIC credentials are sent base64-encoded: any character');
  const report = await owner.post(`/endpointConnections/${basic.body.id}/test`, { input: 'hi' });
  t.like(report.body, { status: 200, error: null });
});
