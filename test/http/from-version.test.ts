import test from 'ava';
import { launchEnded, inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

const databases = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer();
});
test.after.always(() => product.close());

for (const database of databases) {
  const world = useWorld(test, database, {
    ASSAY_SECRET_KEY: TEST_SECRET_KEY,
    ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
    QUEUE_POLL_SECONDS: 0.5,
  });
  const title = (text: string) => `[${database}] ${text}`;

  test(title('fromVersion plays each test case against the endpoint, records the turns and scores them'), async (t) => {
    const { owner, organizationId } = await createTenant(world());
    const scene = await inferenceGenerationScene(owner, `${product.url}/echo`, {
      messages: ['hello', 'refund please', 'wrong'],
    });
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    t.like(launched.body, {
      testCaseCount: 3,
      specifications: [{ id: scene.specification.id, testIds: [scene.dataset.id], metricIds: [scene.metric.id] }],
      skipped: [],
    });
    const { run, launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, {
      kind: 'GENERATE_INFERENCES',
      status: 'COMPLETED',
      request: { versionId: scene.version.id },
      progress: { testCases: 3, sessionsDone: 3, sessionsFailed: 0, evaluationsCreated: 3, skippedForCredits: [] },
    });
    t.like(run, { status: 'COMPLETED', openedBy: 'LAUNCH', versionId: scene.version.id, sessionCount: 3 });
    const sessions = (await owner.get('/sessions', { runIds: run.id })).body;
    t.is(sessions.length, 3);
    t.deepEqual(
      sessions.map((session: { testCaseId: string }) => session.testCaseId).sort(),
      scene.testCases.map((testCase: { id: string }) => testCase.id).sort(),
    );
    for (const session of sessions) t.like(session, { versionId: scene.version.id, status: 'COMPLETED' });
    const results = (await owner.get('/inferenceResults', { sessionIds: sessions.map((s: { id: string }) => s.id) }))
      .body;
    t.is(results.length, 3);
    t.true(
      results.every(
        (result: { output: string; outputTokens: number }) =>
          result.output.startsWith('echo: ') && result.outputTokens === 3,
      ),
    );
    const evaluations = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.deepEqual(
      evaluations
        .map((evaluation: { status: string; score: number }) => `${evaluation.status}:${evaluation.score}`)
        .sort(),
      ['SUCCESS:0', 'SUCCESS:1', 'SUCCESS:1'],
    );
    const stored = await world().platform.ports.inferenceGenerationItems.list(organizationId, { where: [], limit: 10 });
    t.true(stored.every((item) => item.status === 'DONE' && item.sessionId !== null));
  });

  test(
    title('a failing endpoint fails the session with the error on its inference result; nothing is scored'),
    async (t) => {
      const { owner } = await createTenant(world());
      const scene = await inferenceGenerationScene(owner, `${product.url}/down`, {
        messages: ['hello'],
        connection: { retries: 0 },
      });
      const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
      const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
      t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 0, sessionsFailed: 1, evaluationsCreated: 0 } });
      const [session] = (await owner.get('/sessions', { runIds: launched.body.runId })).body;
      t.like(session, { status: 'FAILED', error: 'the endpoint answered HTTP 503' });
      const [result] = (await owner.get('/inferenceResults', { sessionIds: session.id })).body;
      t.like(result, { status: 'FAILED', error: 'the endpoint answered HTTP 503', input: 'hello' });
    },
  );

  test(title('fromVersion refuses what it cannot play'), async (t) => {
    const { owner } = await createTenant(world());
    const scene = await inferenceGenerationScene(owner, `${product.url}/echo`);
    const bare = (await owner.post('/versions', { productId: scene.product.id })).body;
    const unconnected = await owner.post('/evaluations/fromVersion', { versionId: bare.id });
    t.is(unconnected.status, 400);
    t.regex(unconnected.body.message, /no live conversation endpoint connection/);
    t.is((await owner.post('/evaluations/fromVersion', { versionId: 'version_none' })).status, 404);
    const empty = (await owner.post('/specifications', { productId: scene.product.id, name: 'Empty spec' })).body;
    const onlyEmpty = await owner.post('/evaluations/fromVersion', {
      versionId: scene.version.id,
      specificationIds: [empty.id],
    });
    t.is(onlyEmpty.status, 400);
    t.regex(onlyEmpty.body.message, /no test case to play/);
    const both = await owner.post('/evaluations/fromVersion', {
      versionId: scene.version.id,
      specificationIds: [empty.id, scene.specification.id],
      maxTestCases: 1,
    });
    t.is(both.status, 202);
    t.like(both.body, { testCaseCount: 1, skipped: [{ specificationId: empty.id }] });
    const other = await createTenant(world());
    t.is((await other.owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).status, 404);
    await launchEnded(owner, both.body.runId, both.body.launchId);
  });
}
