import test from 'ava';
import { launchEnded, inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { json } from '../support/local-http.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

const [database] = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    // 16 KB nested 8,000 deep: the answer that ran `$..*..*` out of memory.
    '/deep': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`${'['.repeat(8000)}${']'.repeat(8000)}`);
    },
    '/huge': (_request, response) => json(response, 200, { answer: { text: 'x'.repeat(1_200_000) } }),
    // Within the answer's limits, but a filter comparing every value with the whole list costs far more steps.
    '/wide': (_request, response) =>
      json(response, 200, { answer: { text: 'wide' }, items: Array.from({ length: 45_000 }, (_, at) => at) }),
  });
});
test.after.always(() => product.close());

const world = useWorld(test, database, {
  ASSAY_SECRET_KEY: TEST_SECRET_KEY,
  ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
  QUEUE_POLL_SECONDS: 0.5,
});
type Owner = Awaited<ReturnType<typeof createTenant>>['owner'];
let counter = 0;

const connect = async (owner: Owner, settings: Record<string, unknown>) => {
  const created = await owner.post('/endpointConnections', { name: `Budget ${++counter}`, ...settings });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.id as string;
};

/** Another organization's read, sent while the attack runs: it must answer. */
const bystander = async () => {
  const { owner } = await createTenant(world());
  return () => owner.get('/endpointConnections');
};

test(`[${database}] a mapping with nested descendant segments or a regular expression is refused at save`, async (t) => {
  const { owner } = await createTenant(world());
  const base = { url: 'https://bot.example/chat' };
  const nested = await owner.post('/endpointConnections', {
    ...base,
    name: 'Nested',
    outputMapping: { output: '$..*..*' },
  });
  t.is(nested.status, 400);
  t.is(nested.body.error, 'invalid_input');
  t.regex(nested.body.message, /outputMapping\.output.*at most one descendant segment \(\.\.\)/);
  const regex = await owner.post('/endpointConnections', {
    ...base,
    name: 'Regex',
    outputMapping: { output: "$[?match(@.text, '(a+)+b')]" },
  });
  t.is(regex.status, 400);
  t.regex(regex.body.message, /may not call match\(\)/);
  const inFilter = await owner.post('/endpointConnections', {
    ...base,
    name: 'Filter',
    outputMapping: { output: '$.output', retrievalContext: '$..docs[?@..text]' },
  });
  t.regex(inFilter.body.message, /outputMapping\.retrievalContext.*at most one descendant segment/);
  const rule = await owner.post('/endpointConnections', {
    ...base,
    name: 'End rule',
    conversationEndRules: [{ statusCode: 200, jsonPath: "$[?search(@.state, 'done')]" }],
  });
  t.is(rule.status, 400);
  t.regex(rule.body.message, /conversationEndRules\.0\.jsonPath.*may not call search\(\)/);
  const id = await connect(owner, { ...base, outputMapping: { output: '$..answer' } });
  const patched = await owner.patch(`/endpointConnections/${id}`, { outputMapping: { output: '$..a..b' } });
  t.is(patched.status, 400);
  t.regex(patched.body.message, /at most one descendant segment/);
});

test(`[${database}] a template over its render budget is refused at save; include, render and layout too`, async (t) => {
  const { owner } = await createTenant(world());
  const base = { name: 'Loops', url: 'https://bot.example/chat' };
  const loops = await owner.post('/endpointConnections', {
    ...base,
    inputTemplate:
      '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ b }}{% endfor %}{% endfor %}{{ input.user_message }}',
  });
  t.is(loops.status, 400);
  t.is(loops.body.error, 'invalid_input');
  t.regex(loops.body.message, /inputTemplate.*template budget/);
  for (const tag of ["{% include 'other' %}", "{% render 'other' %}", "{% layout 'other' %}"]) {
    const refused = await owner.post('/endpointConnections', { ...base, inputTemplate: `${tag}{{ input }}` });
    t.is(refused.status, 400, tag);
    t.is(refused.body.error, 'invalid_input', tag);
  }
});

test(`[${database}] an answer too deep, too large or too costly to map fails the call with a reason`, async (t) => {
  const { owner } = await createTenant(world());
  const other = await bystander();
  const cases = [
    { path: '/deep', output: '$..*', reason: /the answer nests deeper than 64 levels/ },
    { path: '/huge', output: '$.answer.text', reason: /the answer is larger than 1000000 bytes/ },
    { path: '/wide', output: '$..[?@ == $.items]', reason: /needs more than 150000 steps/ },
  ];
  for (const { path, output, reason } of cases) {
    const id = await connect(owner, { url: `${product.url}${path}`, outputMapping: { output }, retries: 0 });
    const [report, read] = await Promise.all([owner.post(`/endpointConnections/${id}/test`, { input: 'hi' }), other()]);
    t.is(report.status, 200, path);
    t.is(report.body.mapped, null, path);
    t.regex(report.body.error, reason, path);
    t.is(read.status, 200, 'another organization is answered meanwhile');
  }
  t.is((await owner.get('/health')).status, 200, 'the process is up');
});

test(`[${database}] a launch whose template goes over its budget fails its items; others are answered`, async (t) => {
  const { owner } = await createTenant(world());
  const other = await bystander();
  // Cheap for the short message it is tried with at save; 90,000 loop turns for each 300-character test case.
  const inputTemplate =
    '{% assign n = input.user_message.size %}{% for a in (1..n) %}{% for b in (1..n) %}{{ b }}{% endfor %}' +
    '{% endfor %}{"message": {{ input.user_message | json }}}';
  const messages = Array.from({ length: 6 }, (_, at) => `${at}${'x'.repeat(299)}`);
  const scene = await inferenceGenerationScene(owner, `${product.url}/echo`, {
    messages,
    connection: { inputTemplate, retries: 0 },
  });
  const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
  t.is(launched.status, 202, JSON.stringify(launched.body));
  const ended = launchEnded(owner, launched.body.runId, launched.body.launchId);
  const reads = [];
  for (let at = 0; at < 5; at++) reads.push(await other());
  t.true(
    reads.every((read) => read.status === 200),
    'another organization is answered during the launch',
  );
  const { launch } = await ended;
  t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 0, sessionsFailed: 6, evaluationsCreated: 0 } });
  const sessions = (await owner.get('/sessions', { runIds: launched.body.runId })).body;
  t.is(sessions.length, 6);
  for (const session of sessions)
    t.regex(session.error, /^the input template could not be rendered: .*template budget/, session.error);
  t.is(product.requests.filter((request) => request.body.includes('x'.repeat(299))).length, 0, 'nothing sent');
  t.is((await owner.get('/health')).status, 200, 'the process is up');
});

test(`[${database}] in a launch, an answer over 1 MB or nested too deep fails its item with the reason`, async (t) => {
  const { owner } = await createTenant(world());
  for (const [path, reason] of [
    ['/huge', 'the answer is larger than 1000000 bytes'],
    ['/deep', 'the answer nests deeper than 64 levels'],
  ]) {
    const scene = await inferenceGenerationScene(owner, `${product.url}${path}`, {
      messages: ['hello'],
      connection: { retries: 0 },
    });
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 0, sessionsFailed: 1 } }, path);
    const [session] = (await owner.get('/sessions', { runIds: launched.body.runId })).body;
    t.like(session, { status: 'FAILED', error: reason }, path);
    const [result] = (await owner.get('/inferenceResults', { sessionIds: session.id })).body;
    t.like(result, { status: 'FAILED', error: reason }, path);
  }
});
