import test from 'ava';
import { inferenceGenerationScene, launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

const databases = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    '/held': async (request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: { text: `echo: ${JSON.parse(request.body).message}` } }));
    },
  });
});
test.after.always(() => product.close());

const settings = { ASSAY_SECRET_KEY: TEST_SECRET_KEY, ENDPOINT_ALLOW_PRIVATE_NETWORKS: true };

for (const database of databases) {
  const world = useWorld(test, database, settings);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('cancel stops calling the product after the calls in flight; nothing is left PENDING'), async (t) => {
    const { owner } = await createTenant(world());
    const messages = ['a', 'b', 'c', 'd', 'e', 'f'];
    const scene = await inferenceGenerationScene(owner, `${product.url}/held`, {
      messages,
      connection: { maxConcurrency: 1 },
    });
    const before = product.hits('/held');
    const launched = (await owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).body;
    while (product.hits('/held') === before) await new Promise((resolve) => setTimeout(resolve, 20));
    const cancelled = await owner.post(`/runs/${launched.runId}/launches/${launched.launchId}/cancel`);
    t.is(cancelled.status, 200);
    const calledAtCancel = product.hits('/held') - before;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const called = product.hits('/held') - before;
    t.true(called <= calledAtCancel + 1, `at most the call in flight finishes: ${calledAtCancel} then ${called}`);
    t.true(called < messages.length);
    const { launch } = await launchEnded(owner, launched.runId, launched.launchId);
    t.is(launch.status, 'CANCELLED');
    const items = await world().platform.ports.inferenceGenerationItems.list(null, {
      where: [{ field: 'launchId', op: 'eq', value: launched.launchId }],
      limit: 10,
    });
    while (
      (await world().platform.ports.inferenceGenerationItems.count(null, {
        where: [
          { field: 'launchId', op: 'in', values: [launched.launchId] },
          { field: 'status', op: 'in', values: ['QUEUED', 'RUNNING'] },
        ],
      })) > 0
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    t.is(items.length, messages.length);
    const evaluations = (await owner.get('/evaluations', { launchIds: launched.launchId })).body;
    t.false(evaluations.some((evaluation: { status: string }) => evaluation.status === 'PENDING'));
    const sessions = (await owner.get('/sessions', { runIds: launched.runId })).body;
    t.false(sessions.some((session: { status: string }) => session.status === 'PENDING'));
    const final = (await owner.get(`/runs/${launched.runId}`)).body.launches[0];
    t.is(
      final.progress.skippedCancelled + final.progress.sessionsDone + final.progress.sessionsFailed,
      messages.length,
    );
  });

  test(title('relaunch plays the same revisions again, or their current heads, against another version'), async (t) => {
    const { owner } = await createTenant(world());
    const scene = await inferenceGenerationScene(owner, `${product.url}/echo`, { messages: ['one', 'two'] });
    const first = (await owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).body;
    await launchEnded(owner, first.runId, first.launchId);
    const revised = await owner.patch(`/testCases/${scene.testCases[0].id}`, {
      input: { user_message: 'one, revised' },
    });
    t.is(revised.status, 200);
    const same = await owner.post(`/runs/${first.runId}/relaunch`, {});
    t.is(same.status, 202, JSON.stringify(same.body));
    const sameLaunch = same.body.launches[0];
    const { launch: replayed } = await launchEnded(owner, same.body.id, sameLaunch.id);
    t.like(replayed, { kind: 'GENERATE_INFERENCES', status: 'COMPLETED', progress: { testCases: 2, sessionsDone: 2 } });
    const replayedCases = (await owner.get('/sessions', { runIds: same.body.id })).body.map(
      (s: { testCaseId: string }) => s.testCaseId,
    );
    t.deepEqual(replayedCases.sort(), scene.testCases.map((c: { id: string }) => c.id).sort(), 'the same revisions');
    const v2 = (
      await owner.post('/versions', {
        productId: scene.product.id,
        conversationEndpointConnectionId: scene.connection.id,
      })
    ).body;
    const heads = await owner.post(`/runs/${first.runId}/relaunch`, { versionId: v2.id, useCurrentTestCases: true });
    t.is(heads.status, 202);
    t.is(heads.body.versionId, v2.id);
    const { launch: onHeads } = await launchEnded(owner, heads.body.id, heads.body.launches[0].id);
    t.like(onHeads, { status: 'COMPLETED', request: { versionId: v2.id, useCurrentTestCases: true } });
    const sessions = (await owner.get('/sessions', { runIds: heads.body.id })).body;
    t.true(sessions.every((session: { versionId: string }) => session.versionId === v2.id));
    t.true(sessions.some((session: { testCaseId: string }) => session.testCaseId === revised.body.id));
    t.false(sessions.some((session: { testCaseId: string }) => session.testCaseId === scene.testCases[0].id));
    const foreign = (await owner.post('/products', { name: `Elsewhere ${Date.now()}` })).body;
    const elsewhere = (await owner.post('/versions', { productId: foreign.id })).body;
    t.is((await owner.post(`/runs/${first.runId}/relaunch`, { versionId: elsewhere.id })).status, 400);
  });
}

const manual = useWorld(test, 'sqlite', { ...settings, QUEUE_EMBEDDED_WORKER: false });

test('[sqlite] a job delivered more than once, even at once, plays its test case in one session and counts it once', async (t) => {
  const { owner, organizationId } = await createTenant(manual());
  const scene = await inferenceGenerationScene(owner, `${product.url}/echo`, { messages: ['only'] });
  const launched = (await owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).body;
  const { useCases, ports } = manual().platform as Required<ReturnType<typeof manual>['platform']>;
  const [item] = await ports.inferenceGenerationItems.list(organizationId, {
    where: [{ field: 'launchId', op: 'eq', value: launched.launchId }],
    limit: 1,
  });
  const job = { organizationId, itemId: item.id };
  // Three at once: ends meeting in one group (the later two, usually) find the same item, as ends in turn do.
  await Promise.all([1, 2, 3].map(() => useCases.generateInferences.executeBatch([job])));
  await useCases.generateInferences.executeBatch([job]);
  const sessions = (await owner.get('/sessions', { runIds: launched.runId })).body;
  t.is(sessions.length, 1);
  const launch = (await owner.get(`/runs/${launched.runId}`)).body.launches[0];
  t.like(launch.progress, { testCases: 1, sessionsDone: 1, evaluationsCreated: 1 });
  t.is((await owner.get('/evaluations', { launchIds: launched.launchId })).body.length, 1);
});
