import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { launchEnded, inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { json } from '../support/local-http.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

/** A launch's calls go through the same guard and the same sealed headers as the test call. */
const [database] = await httpDatabases();
let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    '/headers': (request, response) =>
      json(response, 200, { output: `${request.headers.cookie}|${request.headers['x-api-key']}` }),
  });
});
test.after.always(() => product.close());

const settings = { ASSAY_SECRET_KEY: TEST_SECRET_KEY, QUEUE_POLL_SECONDS: 0.5 };
const guarded = useWorld(test, database, settings);
const open = useWorld(test, database, { ...settings, ENDPOINT_ALLOW_PRIVATE_NETWORKS: true });

test(`[${database}] with the guard on, a launch against an IPv4-mapped loopback address fails its session, nothing sent`, async (t) => {
  const { owner } = await createTenant(guarded());
  const marker = `mapped-${Math.random().toString(36).slice(2)}`;
  const url = `http://[::ffff:127.0.0.1]:${new URL(product.url).port}/echo?${marker}`;
  const scene = await inferenceGenerationScene(owner, url, { messages: ['hello'], connection: { retries: 0 } });
  const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
  t.is(launched.status, 202, JSON.stringify(launched.body));
  const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
  t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 0, sessionsFailed: 1 } });
  const [session] = (await owner.get('/sessions', { runIds: launched.body.runId })).body;
  t.is(session.status, 'FAILED');
  t.regex(session.error, /::ffff:7f00:1, a loopback, private, link-local or metadata address/);
  t.deepEqual(
    product.requests.filter((request) => request.path.includes(marker)),
    [],
  );
});

test(`[${database}] a launch sends the custom header values in clear to the product; answers show them as ***`, async (t) => {
  const { owner } = await createTenant(open());
  const scene = await inferenceGenerationScene(owner, `${product.url}/headers`, {
    messages: ['hello'],
    connection: { headers: { Cookie: 'sid=launch-s3cret', 'X-Api-Key': 'k-launch-s3cret' }, outputMapping: null },
  });
  t.deepEqual(scene.connection.headers, { Cookie: '***', 'X-Api-Key': '***' });
  const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
  const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
  t.like(launch, { progress: { sessionsDone: 1, sessionsFailed: 0 } });
  const [session] = (await owner.get('/sessions', { runIds: launched.body.runId })).body;
  const [result] = (await owner.get('/inferenceResults', { sessionIds: session.id })).body;
  t.is(result.output, 'sid=launch-s3cret|k-launch-s3cret');
});
