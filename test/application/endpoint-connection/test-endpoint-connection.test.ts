import test from 'ava';
import { SHOWN_ANSWER_BYTES } from '../../../application/endpoint-connection/test-endpoint-connection.ts';
import { json } from '../../support/local-http.ts';
import { closedPort } from '../../support/local-http.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';
import { type ProductServer, startProductServer } from '../../support/product-server.ts';

let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    '/variables': (request, response) => json(response, 200, { answer: { text: 'seen' }, received: request.body }),
    '/large': (_request, response) =>
      json(response, 200, { answer: { text: 'large' }, padding: 'x'.repeat(2 * SHOWN_ANSWER_BYTES) }),
  });
});
test.after.always(() => product.close());

/** A connection of tenant A to the local product's `path`; answers the world and the connection's id. */
async function connected(path: string, settings: Record<string, unknown> = {}, world?: MemoryTenants) {
  const tenants = world ?? (await memoryTenants());
  const connection = await tenants.useCases.createEndpointConnection.execute(tenants.a.owner, {
    name: `Product ${path}`,
    url: `${product.url}${path}`,
    outputMapping: {
      output: '$.answer.text',
      sessionId: '$.conversation',
      inputTokens: '$.usage.in',
      outputTokens: '$.usage.out',
    },
    retries: 0,
    ...settings,
  });
  return { ...tenants, id: connection.id };
}

const requestsTo = (path: string) => product.requests.filter((request) => request.path.startsWith(path));

test('a test call is turn 1 of a new conversation: rendered, sent, and its answer mapped', async (t) => {
  const { useCases, a, id } = await connected('/echo', { headers: { 'X-Team': 'qa' } });
  const before = requestsTo('/echo').length;
  const report = await useCases.testEndpointConnection.execute(a.member, id, { input: { user_message: 'Hello' } });
  t.like(report, {
    status: 200,
    error: null,
    mapped: { output: 'echo: Hello', sessionId: 'conv-1', inputTokens: 5, outputTokens: 3, retrievalContext: null },
    request: {
      method: 'POST',
      url: `${product.url}/echo`,
      body: '{"message": "Hello"}',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'X-Team': '***' },
    },
  });
  t.like(JSON.parse(report.responseBody), { conversation: 'conv-1' });
  const sent = requestsTo('/echo').slice(before);
  t.is(sent.length, 1, 'one call');
  t.like(sent[0], { method: 'POST', body: '{"message": "Hello"}', headers: { 'x-team': 'qa' } }, 'sent in clear');
  const plain = await useCases.testEndpointConnection.execute(a.member, id, { input: 'plain text' });
  t.is(plain.mapped?.output, 'echo: plain text', 'a string is the message');
});

test("the template sees the turn's variables: turn 1, no history, no session, no test case", async (t) => {
  const { useCases, a, id } = await connected('/variables', {
    inputTemplate:
      '{"m": {{ input.user_message | json }}, "locale": {{ input.locale | json }}, "turn": {{ turn }}, ' +
      '"history": {{ history | json }}, "session": {{ session | json }}, "testCase": {{ testCase | json }}, ' +
      '"productSessionId": {{ productSessionId | json }}}',
  });
  const report = await useCases.testEndpointConnection.execute(a.owner, id, {
    input: { user_message: 'Bonjour', locale: 'fr' },
  });
  t.deepEqual(JSON.parse(JSON.parse(report.responseBody).received), {
    m: 'Bonjour',
    locale: 'fr',
    turn: 1,
    history: [],
    session: null,
    testCase: null,
    productSessionId: null,
  });
});

test('a GET sends the rendered fields as query parameters, without a body', async (t) => {
  const { useCases, a, id } = await connected('/query', {
    httpMethod: 'GET',
    inputTemplate: '{"q": {{ input.user_message | json }}, "n": 2}',
  });
  const report = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'a b' });
  t.like(report, { status: 200, mapped: { output: 'GET /query?q=a+b&n=2' }, request: { method: 'GET', body: null } });
  t.false('content-type' in report.request.headers);
  t.is(requestsTo('/query?q=a+b&n=2').at(-1)?.body, '');
});

test('the secret reaches the product and is masked in the report', async (t) => {
  const world = await memoryTenants();
  const cases = [
    { authType: 'BEARER', token: 'tok-s3cret' },
    { authType: 'API_KEY', apiKey: 'key-s3cret', apiKeyHeader: 'X-Key' },
    { authType: 'BASIC', username: 'ana', password: 'pw-s3cret' },
  ];
  for (const [index, auth] of cases.entries()) {
    const { useCases, a, id } = await connected('/auth', { ...auth, name: `Auth ${index}` }, world);
    const report = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' });
    t.like(report, { status: 200, error: null, mapped: { output: 'welcome' } }, auth.authType);
    t.true(Object.values(report.request.headers).includes('***'), auth.authType);
    t.false(/s3cret/.test(JSON.stringify(report)), `${auth.authType}: no secret in the report`);
  }
});

/** What a failed call reports: never thrown, the product's status and body shown as they came. */
const failures: { rule: string; path: string; expected: object }[] = [
  {
    rule: 'a server error',
    path: '/down',
    expected: { status: 503, mapped: null, error: 'the endpoint answered HTTP 503', responseBody: '{"error":"down"}' },
  },
  {
    rule: 'an answer that is not JSON',
    path: '/garbage',
    expected: {
      status: 200,
      mapped: null,
      error: 'the answer is not JSON',
      responseBody: '<html>not json at all</html>',
    },
  },
  { rule: 'a path the product does not serve', path: '/absent', expected: { status: 404, mapped: null } },
  { rule: 'an unauthorized call', path: '/auth', expected: { status: 401, error: 'the endpoint answered HTTP 401' } },
];

for (const { rule, path, expected } of failures) {
  test(`a failed call is reported: ${rule}`, async (t) => {
    const { useCases, a, id } = await connected(path);
    t.like(await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' }), expected);
  });
}

test('a failed call is reported: nothing listens at the address', async (t) => {
  const { useCases, a, ports } = await memoryTenants();
  const connection = await useCases.createEndpointConnection.execute(a.owner, {
    name: 'Dead',
    url: `http://127.0.0.1:${await closedPort()}/chat`,
    retries: 0,
  });
  const report = await useCases.testEndpointConnection.execute(a.owner, connection.id, { input: 'hi' });
  t.like(report, { status: null, mapped: null, responseBody: '' });
  t.truthy(report.error);
  t.truthy(await ports.endpointConnections.get(a.organizationId, connection.id), 'the connection is kept');
});

test('an answer is shown up to 64 KiB; its mapping still reads all of it', async (t) => {
  const { useCases, a, id } = await connected('/large');
  const report = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' });
  t.is(report.mapped?.output, 'large');
  t.is(report.responseBody.length, SHOWN_ANSWER_BYTES);
  t.true(report.responseBody.startsWith('{"answer":{"text":"large"}'));
});

test('a template that fails to render is a failed call; the product is not called', async (t) => {
  const { useCases, a, id } = await connected('/echo', {
    inputTemplate: '{"m": {{ input.user_message | json }}}{% assign part = "x" %}{% include part %}',
  });
  const before = requestsTo('/echo').length;
  const report = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' });
  t.like(report, { status: null, mapped: null, latencyMs: 0, responseBody: '', request: { body: null } });
  t.regex(report.error ?? '', /^the input template could not be rendered/);
  t.is(requestsTo('/echo').length, before);
});

test('an input without a user message is refused before anything is sent', async (t) => {
  const { useCases, a, id } = await connected('/echo');
  const before = requestsTo('/echo').length;
  for (const input of [42, null, ['hi'], { text: 'hi' }, { user_message: 7 }])
    await t.throwsAsync(useCases.testEndpointConnection.execute(a.owner, id, { input }), {
      code: 'invalid_input',
      message: /input/,
    });
  t.is(requestsTo('/echo').length, before);
  await t.throwsAsync(useCases.testEndpointConnection.execute(a.owner, 'endpointConnection_none', { input: 'hi' }), {
    code: 'not_found',
  });
});

test('a template that includes another template is refused when saved, never failing later', async (t) => {
  const { useCases, a } = await memoryTenants();
  for (const tag of ['include', 'render', 'layout'])
    await t.throwsAsync(
      useCases.createEndpointConnection.execute(a.owner, {
        name: `With ${tag}`,
        url: `${product.url}/echo`,
        inputTemplate: `{"m": {{ input.user_message | json }}}{% ${tag} "other" %}`,
      }),
      { code: 'invalid_input', message: /inputTemplate/ },
      tag,
    );
  t.deepEqual(await useCases.listEndpointConnections.execute(a.owner, {}), []);
});

test('a connection stored by an older version (headers in clear, a token HTTP cannot carry) is called or reported failed, never thrown', async (t) => {
  const { useCases, ports, a, id } = await connected('/echo?legacy', { authType: 'BEARER', token: 'tok' });
  const stored = await ports.endpointConnections.require(a.owner.organizationId, id);
  const legacy = await ports.endpointConnections.update({ ...stored, headers: { 'X-Team': 'qa-legacy' } });
  const before = requestsTo('/echo?legacy').length;
  const report = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' });
  t.like(report, { status: 200, error: null, request: { headers: { 'X-Team': '***' } } });
  t.like(
    requestsTo('/echo?legacy').slice(before)[0],
    { headers: { 'x-team': 'qa-legacy' } },
    'a clear value is sent as it is',
  );
  await ports.endpointConnections.update({
    ...legacy,
    sealedSecret: ports.secretBox.seal(JSON.stringify({ kind: 'BEARER', token: 'tökén€' })),
  });
  const unsendable = await useCases.testEndpointConnection.execute(a.owner, id, { input: 'hi' });
  t.like(unsendable, { status: null, mapped: null });
  t.regex(unsendable.error ?? '', /an HTTP header cannot carry \(ERR_INVALID_CHAR\)/);
  t.is(requestsTo('/echo?legacy').length, before + 1, 'nothing sent');
});
