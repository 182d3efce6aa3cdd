import test from 'ava';
import type { Ports } from '../../application/ports/ports.ts';
import { createTenant, databaseWorlds, type HttpWorld, type Tenant, useWorld } from '../support/http-world.ts';
import { sample } from '../support/prometheus-text.ts';

// The purge of every kind of soft-deleted record (issue 24, point 4), through the HTTP API on both databases.

async function made(response: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

let counter = 0;
const unique = (label: string) => `${label} ${++counter} ${Math.random().toString(36).slice(2, 8)}`;

/** A record as the store holds it, soft-deleted or not: where to look it up and its id. */
type Stored = readonly [store: keyof Ports, id: string];

/**
 * One record of each representative kind for the tenant: a product with a version, a specification and a test of two
 * test cases; a metric; a user group; an endpoint connection; a model; a monitor with an alert rule; a run; a user
 * with an API key. Answers them (each as its store and id), and how to delete them over HTTP.
 */
async function everyKind(world: HttpWorld, tenant: Tenant) {
  const { owner } = tenant;
  const product = await made(owner.post('/products', { name: unique('Product') }), 'product');
  const version = await made(owner.post('/versions', { productId: product.id }), 'version');
  const specification = await made(
    owner.post('/specifications', { productId: product.id, name: unique('Spec') }),
    'specification',
  );
  const dataset = await made(owner.post('/tests', { productId: product.id, name: unique('Test') }), 'test');
  const cases = [
    await made(owner.post('/testCases', { testId: dataset.id, input: { text: 'one' } }), 'test case'),
    await made(owner.post('/testCases', { testId: dataset.id, input: { text: 'two' } }), 'test case'),
  ];
  const metric = await made(owner.post('/metrics', { name: unique('Metric'), source: 'SELF_HOSTED' }), 'metric');
  const group = await made(owner.post('/userGroups', { name: unique('Group') }), 'user group');
  const connection = await made(
    owner.post('/endpointConnections', { name: unique('Bot'), url: 'https://bot.example/chat' }),
    'endpoint connection',
  );
  const model = await made(
    owner.post('/models', { name: unique('model'), costPerInputToken: 0.000001, costPerOutputToken: 0.000002 }),
    'model',
  );
  const judged = await made(
    owner.post('/metrics', {
      name: unique('Judged'),
      source: 'LLM_JUDGE',
      judgePrompt: 'Is it right?',
      evaluationParams: ['input', 'actualOutput'],
    }),
    'judged metric',
  );
  const monitor = await made(
    owner.post('/monitors', { name: unique('Monitor'), productId: product.id, metricIds: [judged.id] }),
    'monitor',
  );
  const rule = await made(
    owner.post(`/monitors/${monitor.id}/alertRules`, {
      metricId: judged.id,
      window: '1h',
      badScoreBelow: 0.5,
      countThreshold: 2,
      emails: ['oncall@team.example'],
    }),
    'alert rule',
  );
  const run = await made(owner.post('/runs', { productId: product.id, versionId: version.id }), 'run');
  const user = await made(
    world.admin.post('/users', {
      organizationId: tenant.organizationId,
      email: `${unique('leaver').replace(/\W+/g, '-')}@team.example`,
      name: 'Leaver',
      role: 'MEMBER',
    }),
    'user',
  );
  const key = await made(world.admin.post('/apiKeys', { userId: user.id, name: 'leaver' }), 'API key');
  const records: Stored[] = [
    ['products', product.id],
    ['versions', version.id],
    ['specifications', specification.id],
    ['datasets', dataset.id],
    ...cases.map((testCase): Stored => ['testCases', testCase.id]),
    ['metrics', metric.id],
    ['userGroups', group.id],
    ['endpointConnections', connection.id],
    ['modelPrices', model.id],
    ['monitors', monitor.id],
    ['alertRules', rule.id],
    ['runs', run.id],
    ['users', user.id],
    ['apiKeys', key.id],
  ];
  // The deletes of the API (the product's takes its version, specification, test and test cases; the monitor's
  // its alert rule); the user's key is not deleted, it hangs under the deleted user.
  const deletes = [
    `/runs/${run.id}`,
    `/monitors/${monitor.id}`,
    `/products/${product.id}`,
    `/metrics/${metric.id}`,
    `/userGroups/${group.id}`,
    `/endpointConnections/${connection.id}`,
    `/models/${model.id}`,
  ];
  return { records, deletes, user, judged };
}

/** Whether the store still holds the row, soft-deleted or not. */
async function held(ports: Ports, organizationId: string, [store, id]: Stored): Promise<boolean> {
  const found = await (ports[store] as any).get(organizationId, id, { includeDeleted: true });
  return found !== null;
}

const sweep = (world: HttpWorld, body?: unknown) => world.admin.post('/maintenance/sweep', body);

const SETTINGS = { SWEEP_CHUNK_ROWS: 3 };
// The memory world too: its sweep store is the reference the SQL one is held to.
const databases = await databaseWorlds(test, SETTINGS);
const worlds = [
  { world: useWorld(test, 'memory', SETTINGS), title: (text: string) => `[memory] ${text}` },
  ...databases,
];

for (const { world, title } of worlds) {
  test.serial(
    title(
      'purge: every kind of soft-deleted record goes for good with what hangs under it, in bounded chunks; live rows and other organizations stay',
    ),
    async (t) => {
      const metricsUrl = await world().platform.listenMetrics?.(0);
      const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
      t.is((await sweep(world(), { purgeAfterSeconds: 0 })).status, 200, 'a clean start');
      const tenant = await createTenant(world());
      const other = await createTenant(world());
      const gone = await everyKind(world(), tenant);
      const live = await everyKind(world(), tenant);
      const theirs = await everyKind(world(), other);
      for (const path of gone.deletes) t.is((await tenant.owner.delete(path)).status, 200, path);
      t.is((await world().admin.delete(`/users/${gone.user.id}`)).status, 200);

      const kept = await sweep(world(), {});
      t.is(kept.status, 200);
      t.is(kept.body.purgedRecords, 0, 'deleted moments ago: within PURGE_AFTER_SECONDS');

      const before = await scrape();
      const { ports } = world().platform;
      const purged = await sweep(world(), { purgeAfterSeconds: 0 });
      t.is(purged.status, 200, JSON.stringify(purged.body));
      t.is(purged.body.purgedRecords, gone.records.length);
      for (const record of gone.records) t.false(await held(ports, tenant.organizationId, record), record.join(' '));
      for (const record of live.records) t.true(await held(ports, tenant.organizationId, record), record.join(' '));
      for (const record of theirs.records) t.true(await held(ports, other.organizationId, record), record.join(' '));
      t.true(await held(ports, tenant.organizationId, ['metrics', gone.judged.id]), 'a live metric stays');
      t.is((await tenant.owner.get(`/products/${live.records[0][1]}`)).status, 200);
      t.is((await other.owner.get(`/metrics/${theirs.judged.id}`)).status, 200);

      const after = await scrape();
      const counted = (record: string) =>
        sample(after, 'assay_swept_rows_total', { reason: 'purge', record }) -
        sample(before, 'assay_swept_rows_total', { reason: 'purge', record });
      t.is(counted('testCases'), 2);
      t.is(counted('products'), 1);
      t.is(counted('apiKeys'), 1);
      t.is(counted('users'), 1);
      t.is((await sweep(world(), { purgeAfterSeconds: 0 })).body.purgedRecords, 0, 'nothing left to purge');
    },
  );

  test.serial(
    title(
      'purge: a deleted version, test case and metric stay while a live session or evaluation refers to them; their readers answer 200',
    ),
    async (t) => {
      const tenant = await createTenant(world());
      const { owner, member } = tenant;
      const product = await made(owner.post('/products', { name: unique('Product') }), 'product');
      const version = await made(owner.post('/versions', { productId: product.id }), 'version');
      const dataset = await made(owner.post('/tests', { productId: product.id, name: unique('Test') }), 'test');
      const testCase = await made(owner.post('/testCases', { testId: dataset.id, input: { text: 'q' } }), 'case');
      const session = await made(
        member.post('/sessions', { versionId: version.id, testCaseId: testCase.id }),
        'session',
      );
      const turn = await made(
        member.post('/inferenceResults', { sessionId: session.id, input: 'q', output: 'a' }),
        'inference result',
      );
      const metric = await made(owner.post('/metrics', { name: unique('Metric'), source: 'SELF_HOSTED' }), 'metric');
      const evaluated = await owner.post('/evaluations/fromInferenceResult', {
        inferenceResultId: turn.id,
        metrics: [{ id: metric.id, score: 0.5 }],
      });
      t.is(evaluated.status, 201, JSON.stringify(evaluated.body));
      const [evaluation] = evaluated.body;
      t.is((await owner.delete(`/products/${product.id}`)).status, 200);
      t.is((await owner.delete(`/metrics/${metric.id}`)).status, 200);

      const { ports } = world().platform;
      const scope = tenant.organizationId;
      const purged = await sweep(world(), { purgeAfterSeconds: 0 });
      t.is(purged.status, 200);
      t.is(purged.body.purgedRecords, 1, 'the product; not the version, test case (nor its test) or metric');
      for (const record of [
        ['versions', version.id],
        ['testCases', testCase.id],
        ['datasets', dataset.id],
        ['metrics', metric.id],
      ] as const)
        t.true(await held(ports, scope, record), record.join(' '));
      const readers = [
        `/sessions/${session.id}`,
        `/evaluations/${evaluation.id}`,
        `/evaluations/${evaluation.id}/context`,
        `/runs/${evaluation.runId}/metricSummary`,
      ];
      for (const path of readers) t.is((await owner.get(path)).status, 200, path);
      const summary = (await owner.get(`/runs/${evaluation.runId}/metricSummary`)).body;
      t.is(summary[0]?.metricName ?? summary[0]?.name, metric.name, 'the deleted metric keeps its name');

      // Once the session goes (with its turn and evaluation), nothing refers to them: the next purge takes them.
      t.is((await owner.delete(`/sessions/${session.id}`)).status, 200);
      const next = await sweep(world(), { purgeAfterSeconds: 0 });
      t.is(next.body.purgedRecords, 7, 'the session, its turn and evaluation; the version, test case, test and metric');
      for (const record of [
        ['versions', version.id],
        ['testCases', testCase.id],
        ['datasets', dataset.id],
        ['metrics', metric.id],
        ['sessions', session.id],
        ['evaluations', evaluation.id],
      ] as const)
        t.false(await held(ports, scope, record), record.join(' '));
      t.is((await owner.get(`/runs/${evaluation.runId}/metricSummary`)).status, 200);
    },
  );
}
