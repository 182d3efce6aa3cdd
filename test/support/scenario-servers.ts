// The loopback simulated user and product the scenario tests of inference generation talk to, and their scenes.
import type { ApiClient } from './api-client.ts';
import { inferenceGenerationScene } from './inference-generation-scene.ts';
import { TEST_SECRET_KEY } from './memory-world.ts';
import { type ProductServer, startProductServer } from './product-server.ts';
import { type SimulatorServer, startSimulatorServer } from './simulator-server.ts';

/** The `FLAKY:` tags whose first request failed already. */
const flaked = new Set<string>();

/**
 * The scripted simulated user reads its orders in the scenario: `STOP_AFTER:N` says stop once it has sent N messages
 * (JSON replies), `PLAIN` answers plain text and never stops, `FLAKY:tag` fails the first request of that tag (503),
 * `BROKEN_AFTER:N` fails every request once it has sent N messages (500).
 */
export const simulator: SimulatorServer = await startSimulatorServer((body) => {
  const system: string = body.messages[0].content;
  const sent = body.messages.filter((message: { role: string }) => message.role === 'assistant').length;
  const flaky = /FLAKY:(\S+)/.exec(system)?.[1];
  if (flaky && !flaked.has(flaky)) {
    flaked.add(flaky);
    return { status: 503, body: JSON.stringify({ error: { message: 'overloaded, try again' } }) };
  }
  const brokenAfter = /BROKEN_AFTER:(\d+)/.exec(system)?.[1];
  if (brokenAfter && sent >= Number(brokenAfter)) return { status: 500, body: '{"error": {"message": "down"}}' };
  if (system.includes('PLAIN')) return { content: `plain message ${sent + 1}` };
  const stopAfter = Number(/STOP_AFTER:(\d+)/.exec(system)?.[1] ?? 1);
  return {
    content: JSON.stringify(
      sent >= stopAfter ? { message: '', stop: true, reason: 'goal reached' } : { message: `user turn ${sent + 1}` },
    ),
  };
});
/** A promise with its resolve function. */
export const gate = () => {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, resolve: open };
};
/**
 * What the product's routes count and wait on, reset by the tests that read them: `/ender`'s and `/first-fails`'
 * calls, and `/gate`'s two gates.
 */
export const productState = { singleArrived: gate(), singleReleased: gate(), endHits: 0, flakyHits: 0 };
/** `/gate`: the scenario's opening turn waits for the single turn's call, which waits to be released. */
export const product: ProductServer = await startProductServer({
  // Ends the conversation on its second answer through the `$.done` end rule.
  '/ender': (_request, response) => {
    productState.endHits += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ answer: { text: `answer ${productState.endHits}` }, done: productState.endHits % 2 === 0 }),
    );
  },
  '/gate': async (request, response) => {
    const message = JSON.parse(request.body).message;
    if (message === 'single') {
      productState.singleArrived.resolve();
      await productState.singleReleased.promise;
    } else await productState.singleArrived.promise;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: { text: `echo: ${message}` } }));
  },
  // Fails its first answer of each conversation (500), answers the next.
  '/first-fails': (_request, response) => {
    productState.flakyHits += 1;
    response.writeHead(productState.flakyHits % 2 === 1 ? 500 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: { text: `answer ${productState.flakyHits}` } }));
  },
});

/** The settings of a world whose simulated user is `simulator`. */
export const simulatorSettings = {
  ASSAY_SECRET_KEY: TEST_SECRET_KEY,
  ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
  SIMULATOR_BASE_URL: simulator.url,
  SIMULATOR_MODEL: 'sim-model',
};

/** Stops the simulator and the product. */
export async function closeScenarioServers(): Promise<void> {
  await simulator.close();
  await product.close();
}

/** A SCENARIOS dataset of the given test cases (no input unless given) on a version calling `path`. */
export async function scenarioScene(
  owner: ApiClient,
  path: string,
  cases: readonly Record<string, unknown>[],
  connection: Record<string, unknown> = {},
) {
  const scene = await inferenceGenerationScene(owner, `${product.url}${path}`, {
    type: 'SCENARIOS',
    messages: [],
    connection,
  });
  const testCases = [];
  for (const fields of cases) {
    const created = await owner.post('/testCases', {
      testId: scene.dataset.id,
      input: {},
      userPersona: 'A hurried customer',
      goal: 'Get a refund',
      expectedOutput: 'anything',
      ...fields,
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    testCases.push(created.body);
  }
  return { ...scene, testCases };
}

export async function sessionsOf(owner: ApiClient, runId: string) {
  const sessions = (await owner.get('/sessions', { runIds: runId })).body;
  const results = (
    await owner.get('/inferenceResults', { sessionIds: sessions.map((s: { id: string }) => s.id), limit: 100 })
  ).body;
  const turnsOf = (sessionId: string) =>
    results
      .filter((result: { sessionId: string }) => result.sessionId === sessionId)
      .sort((a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
        a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
      );
  return { sessions, turnsOf };
}
