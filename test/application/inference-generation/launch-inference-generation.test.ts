import test, { type ExecutionContext } from 'ava';
import { json } from '../../support/local-http.ts';
import { storeSnapshot } from '../../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../../support/product-server.ts';
import { type GenerationWorld, generationWorld } from './generation-world.ts';

/** A product answering "Paris" to every message (or as `answer` says), for this test alone. */
async function productFor(
  t: ExecutionContext,
  answer = (response: Parameters<typeof json>[0]) => json(response, 200, { answer: { text: 'Paris' } }),
): Promise<ProductServer> {
  const product = await startProductServer({ '/chat': (_request, response) => answer(response) });
  t.teardown(() => product.close());
  return product;
}

const launchOf = async (world: GenerationWorld, runId: string, launchId: string) => {
  const run = await world.useCases.getRun.execute(world.a.owner, runId);
  return { run, launch: run.launches.find((launch) => launch.id === launchId) };
};

const itemsOf = (world: GenerationWorld, launchId: string) =>
  world.ports.inferenceGenerationItems.list(world.a.organizationId, {
    where: [{ field: 'launchId', op: 'eq', value: launchId }],
    sort: [{ field: 'createdAt', direction: 'asc' }],
    limit: 100,
  });

test('a launch plans the test cases, opens its run and launch, and queues one job per test case', async (t) => {
  const product = await productFor(t);
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine, jobQueue } = world;
  const report = await useCases.launchInferenceGeneration.execute(a.member, { versionId: mine.version.id });
  t.like(report, {
    testCaseCount: 2,
    specifications: [{ id: mine.specification.id, datasetIds: [mine.dataset.id], metricIds: [mine.metric.id] }],
    skipped: [],
  });
  const { run, launch } = await launchOf(world, report.runId, report.launchId);
  t.like(run, { status: 'RUNNING', openedBy: 'LAUNCH', versionId: mine.version.id, userId: a.member.userId });
  t.like(launch, {
    kind: 'GENERATE_INFERENCES',
    status: 'RUNNING',
    request: { versionId: mine.version.id },
    progress: { testCases: 2, sessionsDone: 0, sessionsFailed: 0, evaluationsCreated: 0 },
  });
  const items = await itemsOf(world, report.launchId);
  t.deepEqual(
    items.map(({ testCaseId, metricIds, status, sessionId, versionId }) => ({
      testCaseId,
      metricIds,
      status,
      sessionId,
      versionId,
    })),
    mine.testCases.map((testCase) => ({
      testCaseId: testCase.id,
      metricIds: [mine.metric.id],
      status: 'QUEUED',
      sessionId: null,
      versionId: mine.version.id,
    })),
  );
  t.deepEqual(
    jobQueue.generationJobs,
    items.map((item) => ({ organizationId: a.organizationId, itemId: item.id })),
  );
  t.is(product.requests.length, 0, 'nothing is called before the worker plays');
  t.deepEqual(await useCases.listSessions.execute(a.owner, { runIds: [report.runId] }), []);
});

test('the worker plays each test case once, records its turn and has it scored; the launch completes', async (t) => {
  const product = await productFor(t);
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine } = world;
  const report = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  await world.generate();
  await world.score();
  t.deepEqual(product.requests.map((request) => JSON.parse(request.body).message).sort(), [
    'Capital of France?',
    'Capital of Peru?',
  ]);
  const sessions = await useCases.listSessions.execute(a.owner, { runIds: [report.runId] });
  t.deepEqual(
    sessions.map((session) => session.testCaseId).sort(),
    mine.testCases.map((testCase) => testCase.id).sort(),
  );
  for (const session of sessions)
    t.like(session, { versionId: mine.version.id, status: 'COMPLETED', stoppingReason: 'single turn answered' });
  const turns = await useCases.listInferenceResults.execute(a.owner, { sessionIds: sessions.map((s) => s.id) });
  t.deepEqual(turns.map((turn) => `${turn.input} -> ${turn.output} (${turn.status})`).sort(), [
    'Capital of France? -> Paris (COMPLETED)',
    'Capital of Peru? -> Paris (COMPLETED)',
  ]);
  const evaluations = await useCases.listEvaluations.execute(a.owner, { launchIds: [report.launchId] });
  t.deepEqual(evaluations.map((evaluation) => `${evaluation.status}:${evaluation.score}`).sort(), [
    'SUCCESS:0',
    'SUCCESS:1',
  ]);
  const { run, launch } = await launchOf(world, report.runId, report.launchId);
  t.like(launch, {
    status: 'COMPLETED',
    progress: { testCases: 2, sessionsDone: 2, sessionsFailed: 0, evaluationsCreated: 2 },
  });
  t.like(run, { status: 'COMPLETED', sessionCount: 2, evaluationCount: 2 });
  t.true((await itemsOf(world, report.launchId)).every((item) => item.status === 'DONE' && item.sessionId !== null));
});

test('a job delivered again after its test case ended changes nothing and calls nobody', async (t) => {
  const product = await productFor(t);
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine, jobQueue } = world;
  await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  const jobs = [...jobQueue.generationJobs];
  await world.generate();
  const before = await storeSnapshot(world);
  await useCases.generateInferences.executeBatch(jobs);
  t.deepEqual(await storeSnapshot(world), before);
  t.is(product.requests.length, 2);
});

test("a cancelled launch's test cases end SKIPPED without calling the product", async (t) => {
  const product = await productFor(t);
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine } = world;
  const report = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  await useCases.cancelLaunch.execute(a.owner, report.runId, report.launchId);
  await world.generate();
  t.is(product.requests.length, 0);
  t.deepEqual(
    (await itemsOf(world, report.launchId)).map((item) => item.status),
    ['SKIPPED', 'SKIPPED'],
  );
  const { launch } = await launchOf(world, report.runId, report.launchId);
  t.like(launch, { status: 'CANCELLED', progress: { skippedCancelled: 2, sessionsDone: 0 } });
  t.deepEqual(await useCases.listSessions.execute(a.owner, { runIds: [report.runId] }), []);
});

test('a failing endpoint fails each session with the error on its turn; nothing is scored', async (t) => {
  const product = await productFor(t, (response) => json(response, 503, { error: 'down' }));
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine } = world;
  await useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, { retries: 0 });
  const report = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  await world.generate();
  await world.score();
  const sessions = await useCases.listSessions.execute(a.owner, { runIds: [report.runId] });
  t.is(sessions.length, 2);
  for (const session of sessions) t.like(session, { status: 'FAILED', error: 'the endpoint answered HTTP 503' });
  const turns = await useCases.listInferenceResults.execute(a.owner, { sessionIds: sessions.map((s) => s.id) });
  for (const turn of turns) t.like(turn, { status: 'FAILED', output: null, error: 'the endpoint answered HTTP 503' });
  t.deepEqual(await useCases.listEvaluations.execute(a.owner, { launchIds: [report.launchId] }), []);
  const { launch } = await launchOf(world, report.runId, report.launchId);
  t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 0, sessionsFailed: 2, evaluationsCreated: 0 } });
  t.deepEqual(
    (await itemsOf(world, report.launchId)).map((item) => item.status),
    ['FAILED', 'FAILED'],
  );
});

test('a test case deleted before its job, and a job given up, end their items FAILED; the launch still ends', async (t) => {
  const product = await productFor(t);
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine, jobQueue } = world;
  const report = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  const [france, peru] = jobQueue.generationJobs.splice(0);
  await useCases.deleteTestCase.execute(a.owner, mine.testCases[0].id);
  await useCases.generateInferences.executeBatch([france]);
  await useCases.generateInferences.giveUp(peru, new Error('connection reset by the database'));
  const items = await itemsOf(world, report.launchId);
  t.like(items[0], { status: 'FAILED', error: 'the test case no longer exists' });
  t.like(items[1], { status: 'FAILED' });
  t.regex(items[1].error ?? '', /failed on every attempt: an internal error/);
  t.false((items[1].error ?? '').includes('database'), 'a technical message stays in the log');
  t.is(product.requests.length, 0);
  const { launch } = await launchOf(world, report.runId, report.launchId);
  t.like(launch, { status: 'COMPLETED', progress: { sessionsFailed: 2 } });
});

test('what to play narrows: specifications named, datasets asked for, a maximum; the skipped say why', async (t) => {
  const world = await generationWorld('http://127.0.0.1:9/chat');
  const { useCases, a, mine } = world;
  const empty = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Empty' });
  const both = await useCases.launchInferenceGeneration.execute(a.owner, {
    versionId: mine.version.id,
    specificationIds: [empty.id, mine.specification.id],
    maxTestCases: 1,
  });
  t.like(both, {
    testCaseCount: 1,
    specifications: [{ id: mine.specification.id }],
    skipped: [{ specificationId: empty.id, reason: 'the specification has no active linked metric' }],
  });
  t.like(await itemsOf(world, both.launchId), [{ testCaseId: mine.testCases[0].id }]);
  const byDefault = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  t.is(byDefault.testCaseCount, 2, "every specification of the version's product");
  t.is(byDefault.skipped.length, 1);
  const asked = await useCases.launchInferenceGeneration.execute(a.owner, {
    versionId: mine.version.id,
    datasetIds: [mine.dataset.id],
  });
  t.is(asked.testCaseCount, 2);
});

test('a launch joins the run the caller opened', async (t) => {
  const world = await generationWorld('http://127.0.0.1:9/chat');
  const { useCases, a, mine } = world;
  const opened = await useCases.createRun.execute(a.owner, { productId: mine.product.id, versionId: mine.version.id });
  const report = await useCases.launchInferenceGeneration.execute(a.owner, {
    versionId: mine.version.id,
    runId: opened.id,
  });
  t.is(report.runId, opened.id);
  const { run, launch } = await launchOf(world, opened.id, report.launchId);
  t.like(run, { openedBy: 'CALLER', status: 'RUNNING' });
  t.like(launch, { kind: 'GENERATE_INFERENCES', status: 'RUNNING' });
});
