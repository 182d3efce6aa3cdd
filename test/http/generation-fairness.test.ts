import type { ServerResponse } from 'node:http';
import test from 'ava';
import { launchEnded, inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { json } from '../support/local-http.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

const databases = await httpDatabases();
/** Answers of the hanging product (one path per database's test), held until the test lets them go. */
const held = new Map<string, ServerResponse[]>(databases.map((database) => [database, []]));
let product: ProductServer;
test.before(async () => {
  product = await startProductServer(
    Object.fromEntries(
      databases.map((database) => [
        `/hang-${database}`,
        (_request, response) => void held.get(database)?.push(response),
      ]),
    ),
  );
});
test.after.always(() => product.close());

for (const database of databases) {
  const answerHeld = () => {
    for (const response of held.get(database)?.splice(0) ?? []) json(response, 200, { answer: { text: 'at last' } });
  };
  const heldCount = () => held.get(database)?.length ?? 0;
  // Two generation workers in the process: without fairness both end up with the hanging product's test cases.
  const world = useWorld(test, database, {
    ASSAY_SECRET_KEY: TEST_SECRET_KEY,
    ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
    GENERATION_CONCURRENCY: 2,
    QUEUE_POLL_SECONDS: 0.5,
  });

  test.serial(`[${database}] a product that never answers holds up only its own organization's launch`, async (t) => {
    t.timeout(120_000);
    const hanging = await createTenant(world());
    const healthy = await createTenant(world());
    const stuck = await inferenceGenerationScene(hanging.owner, `${product.url}/hang-${database}`, {
      messages: ['one', 'two', 'three', 'four'],
      connection: { timeoutMs: 120_000, retries: 0, maxConcurrency: 1 },
    });
    const fine = await inferenceGenerationScene(healthy.owner, `${product.url}/echo`, {
      messages: ['hello', 'refund please', 'wrong'],
    });
    try {
      const first = await hanging.owner.post('/evaluations/fromVersion', { versionId: stuck.version.id });
      t.is(first.status, 202, JSON.stringify(first.body));
      for (let wait = 0; heldCount() === 0 && wait < 400; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      t.is(heldCount(), 1, 'the hanging product got its first call');

      const second = await healthy.owner.post('/evaluations/fromVersion', { versionId: fine.version.id });
      t.is(second.status, 202);
      const { launch } = await launchEnded(healthy.owner, second.body.runId, second.body.launchId, 90_000);
      t.like(launch, { status: 'COMPLETED', progress: { testCases: 3, sessionsDone: 3, sessionsFailed: 0 } });

      const stillHanging = (await hanging.owner.get(`/runs/${first.body.runId}`)).body.launches[0];
      t.is(stillHanging.status, 'RUNNING', 'the other launch is still waiting for its product');
      t.is(heldCount(), 1, "its connection's one slot was never exceeded");
      t.is(product.hits(`/hang-${database}`), 1);

      answerHeld();
      // The rest of its test cases are played as the slot frees (each answered at once now).
      const releaser = setInterval(answerHeld, 50);
      try {
        const ended = await launchEnded(hanging.owner, first.body.runId, first.body.launchId, 90_000);
        t.like(ended.launch, { status: 'COMPLETED', progress: { testCases: 4, sessionsDone: 4 } });
      } finally {
        clearInterval(releaser);
      }
    } finally {
      answerHeld();
    }
  });
}
