import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

const [database] = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer();
});
test.after.always(() => product.close());

const SECRETS = ['tok-s3cret', 'key-s3cret', 'pw-s3cret'];
const leaks = (body: unknown) => SECRETS.filter((secret) => JSON.stringify(body).includes(secret));

const world = useWorld(test, database, { ASSAY_SECRET_KEY: TEST_SECRET_KEY, ENDPOINT_ALLOW_PRIVATE_NETWORKS: true });
let counter = 0;

const connect = async (owner: Awaited<ReturnType<typeof createTenant>>['owner'], settings: Record<string, unknown>) => {
  const created = await owner.post('/endpointConnections', {
    name: `Product ${++counter}`,
    outputMapping: {
      output: '$.answer.text',
      sessionId: '$.conversation',
      inputTokens: '$.usage.in',
      outputTokens: '$.usage.out',
    },
    ...settings,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.id as string;
};

test(`[${database}] a test call renders the template, calls the product and maps its answer`, async (t) => {
  const { owner } = await createTenant(world());
  const id = await connect(owner, { url: `${product.url}/echo`, headers: { 'X-Team': 'qa' } });
  const report = await owner.post(`/endpointConnections/${id}/test`, { input: { user_message: 'Hello "there"' } });
  t.is(report.status, 200);
  t.like(report.body, {
    status: 200,
    error: null,
    mapped: {
      output: 'echo: Hello "there"',
      sessionId: 'conv-1',
      inputTokens: 5,
      outputTokens: 3,
      retrievalContext: null,
    },
    request: { method: 'POST', url: `${product.url}/echo`, body: '{"message": "Hello \\"there\\""}' },
  });
  t.is(report.body.request.headers['X-Team'], '***', 'a custom header value is a secret too');
  t.true(report.body.latencyMs >= 0);
  t.is(JSON.parse(report.body.responseBody).conversation, 'conv-1');
  const plain = await owner.post(`/endpointConnections/${id}/test`, { input: 'plain text' });
  t.is(plain.body.mapped.output, 'echo: plain text', 'a string is taken as the message');
  t.is((await owner.post(`/endpointConnections/${id}/test`, { input: 42 })).status, 400);
  t.is((await owner.post('/endpointConnections/endpointConnection_none/test', { input: 'x' })).status, 404);
});

test(`[${database}] a GET connection sends the rendered fields as query parameters`, async (t) => {
  const { owner } = await createTenant(world());
  const id = await connect(owner, {
    url: `${product.url}/query`,
    httpMethod: 'GET',
    inputTemplate: '{"q": {{ input.user_message | json }}}',
  });
  const report = await owner.post(`/endpointConnections/${id}/test`, { input: 'a b' });
  t.is(report.body.mapped.output, 'GET /query?q=a+b');
  t.is(report.body.request.body, null);
});

test(`[${database}] timeouts, 5xx and 429 are retried (Retry-After honoured); failures are reported, never a 5xx`, async (t) => {
  const { owner } = await createTenant(world());
  const slow = await connect(owner, { url: `${product.url}/slow`, timeoutMs: 200, retries: 0 });
  const timedOut = await owner.post(`/endpointConnections/${slow}/test`, { input: 'hi' });
  t.is(timedOut.status, 200);
  t.like(timedOut.body, { status: null, mapped: null, error: 'no answer within 200 ms' });
  const flaky = await connect(owner, { url: `${product.url}/flaky`, retries: 1 });
  const recovered = await owner.post(`/endpointConnections/${flaky}/test`, { input: 'hi' });
  t.like(recovered.body, { status: 200, error: null, mapped: { output: 'second try' } });
  t.is(product.hits('/flaky'), 2);
  const busy = await connect(owner, { url: `${product.url}/busy`, retries: 2 });
  const before = product.requests.length;
  const waited = await owner.post(`/endpointConnections/${busy}/test`, { input: 'hi' });
  t.like(waited.body, { status: 200, mapped: { output: 'after waiting' } });
  const [first, second] = product.requests.slice(before).filter((request) => request.path === '/busy');
  t.true(second.at - first.at >= 950, `Retry-After: 1 waited ${second.at - first.at} ms`);
  const down = await connect(owner, { url: `${product.url}/down`, retries: 0 });
  const failing = await owner.post(`/endpointConnections/${down}/test`, { input: 'hi' });
  t.like(failing.body, { status: 503, mapped: null, error: 'the endpoint answered HTTP 503' });
  t.is(product.hits('/down'), 1, 'retries 0: one attempt');
  const garbage = await connect(owner, { url: `${product.url}/garbage` });
  t.like((await owner.post(`/endpointConnections/${garbage}/test`, { input: 'hi' })).body, {
    status: 200,
    mapped: null,
    error: 'the answer is not JSON',
    responseBody: '<html>not json at all</html>',
  });
  const unmapped = await connect(owner, { url: `${product.url}/echo`, outputMapping: { output: '$.nothing' } });
  t.regex((await owner.post(`/endpointConnections/${unmapped}/test`, { input: 'hi' })).body.error, /matched nothing/);
  const missing = await connect(owner, { url: `${product.url}/absent` });
  t.like((await owner.post(`/endpointConnections/${missing}/test`, { input: 'hi' })).body, {
    status: 404,
    error: 'the endpoint answered HTTP 404',
  });
});

test(`[${database}] each auth type reaches the product; secrets never show in answers or errors`, async (t) => {
  const { owner } = await createTenant(world());
  const url = `${product.url}/auth`;
  const connections = [
    await connect(owner, { url, authType: 'BEARER', token: 'tok-s3cret' }),
    await connect(owner, { url, authType: 'API_KEY', apiKey: 'key-s3cret', apiKeyHeader: 'X-Key' }),
    await connect(owner, { url, authType: 'BASIC', username: 'ana', password: 'pw-s3cret' }),
  ];
  for (const id of connections) {
    const report = await owner.post(`/endpointConnections/${id}/test`, { input: 'hi' });
    t.like(report.body, { status: 200, mapped: { output: 'welcome' } });
    t.deepEqual(leaks(report.body), []);
    t.true(Object.values(report.body.request.headers).includes('***'), 'the secret header is masked');
    t.deepEqual(leaks((await owner.get(`/endpointConnections/${id}`)).body), []);
  }
  const wrong = await connect(owner, { url, authType: 'BEARER', token: 'tok-wrong' });
  const refused = await owner.post(`/endpointConnections/${wrong}/test`, { input: 'hi' });
  t.like(refused.body, { status: 401, error: 'the endpoint answered HTTP 401' });
  t.false(JSON.stringify(refused.body).includes('tok-wrong'));
  t.deepEqual(leaks((await owner.get('/endpointConnections')).body), []);
});

const guarded = useWorld(test, database, { ASSAY_SECRET_KEY: TEST_SECRET_KEY });

test(`[${database}] without ENDPOINT_ALLOW_PRIVATE_NETWORKS loopback and metadata targets are refused`, async (t) => {
  const { owner } = await createTenant(guarded());
  // The product serves this file's other tests at the same time: only requests carrying this marker count.
  const marker = `guarded-${Math.random().toString(36).slice(2)}`;
  const { port } = new URL(product.url);
  for (const url of [
    `${product.url}/echo?${marker}`,
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:9/x',
    'http://localhost:9/',
    // IPv6 forms of loopback and metadata: URL rewrites some to hex; each is judged by the IPv4 address it carries.
    `http://[::ffff:127.0.0.1]:${port}/echo?${marker}`,
    `http://[::ffff:7f00:1]:${port}/echo?${marker}`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/echo?${marker}`,
    `http://[::ffff:0.0.0.0]:${port}/echo?${marker}`,
    `http://[::127.0.0.1]:${port}/echo?${marker}`,
    `http://[64:ff9b::127.0.0.1]:${port}/echo?${marker}`,
    `http://[2002:7f00:1::1]:${port}/echo?${marker}`,
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    // Other spellings of 127.0.0.1 that URL normalises.
    `http://2130706433:${port}/echo?${marker}`,
    `http://0x7f.1:${port}/echo?${marker}`,
  ]) {
    const id = await connect(owner, { url, retries: 3, authType: 'BEARER', token: 'tok-s3cret' });
    const report = await owner.post(`/endpointConnections/${id}/test`, { input: 'hi' });
    t.is(report.status, 200);
    t.is(report.body.status, null);
    t.regex(report.body.error, /loopback, private, link-local or metadata address/, url);
    t.deepEqual(leaks(report.body), []);
  }
  t.deepEqual(
    product.requests.filter((request) => request.path.includes(marker)),
    [],
    'nothing reached the product',
  );
});
