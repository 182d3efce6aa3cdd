import test from 'ava';
import { inferenceGenerationScene, launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import type { ApiClient } from '../support/api-client.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';
import { type SimulatorServer, startSimulatorServer } from '../support/simulator-server.ts';
import { claimItem } from '../../domain/inference-generation/inference-generation-item.ts';
import { createInferenceResult } from '../../domain/tracing/inference-result.ts';
import { createSession, updateSession } from '../../domain/tracing/session.ts';

/** The `FLAKY:` tags whose first request failed already. */
const flaked = new Set<string>();

/**
 * The scripted simulated user reads its orders in the scenario: `STOP_AFTER:N` says stop once it has sent N messages
 * (JSON replies), `PLAIN` answers plain text and never stops, `FLAKY:tag` fails the first request of that tag (503),
 * `BROKEN_AFTER:N` fails every request once it has sent N messages (500).
 */
const simulator: SimulatorServer = await startSimulatorServer((body) => {
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
/** `/gate`: the scenario's opening turn waits for the single turn's call, which waits to be released. */
/** A promise with its resolve function. */
const gate = () => {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, resolve: open };
};
let singleArrived = gate();
let singleReleased = gate();
let endHits = 0;
let flakyHits = 0;
const product: ProductServer = await startProductServer({
  // Ends the conversation on its second answer through the `$.done` end rule.
  '/ender': (_request, response) => {
    endHits += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: { text: `answer ${endHits}` }, done: endHits % 2 === 0 }));
  },
  '/gate': async (request, response) => {
    const message = JSON.parse(request.body).message;
    if (message === 'single') {
      singleArrived.resolve();
      await singleReleased.promise;
    } else await singleArrived.promise;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: { text: `echo: ${message}` } }));
  },
  // Fails its first answer of each conversation (500), answers the next.
  '/first-fails': (_request, response) => {
    flakyHits += 1;
    response.writeHead(flakyHits % 2 === 1 ? 500 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: { text: `answer ${flakyHits}` } }));
  },
});
const databases = await httpDatabases();
test.after.always(async () => {
  await simulator.close();
  await product.close();
});

/** A SCENARIOS dataset of the given test cases (no input unless given) on a version calling `path`. */
async function scenarioScene(
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

async function sessionsOf(owner: ApiClient, runId: string) {
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

for (const database of databases) {
  const config = {
    ASSAY_SECRET_KEY: TEST_SECRET_KEY,
    ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
    QUEUE_POLL_SECONDS: 0.5,
    SIMULATOR_BASE_URL: simulator.url,
    SIMULATOR_MODEL: 'sim-model',
    SIMULATOR_API_KEY: 'sk-simulator',
  };
  const world = useWorld(test, database, config);
  const title = (text: string) => `[${database}] ${text}`;

  test.serial(title('scenario test cases are conversations with the simulated user until it says stop'), async (t) => {
    const { owner, organizationId } = await createTenant(world());
    const credits = async () =>
      (await owner.get(`/organizations/${organizationId}/creditStatus`)).body.availableCredits;
    const before = await credits();
    const scene = await scenarioScene(
      owner,
      '/echo',
      [
        { scenario: 'STOP_AFTER:3', languageCode: 'pt-BR' },
        { scenario: 'STOP_AFTER:2', input: { user_message: 'hello' } },
      ],
      {
        inputTemplate:
          '{"message": {{ input.user_message | json }}, "conversation": {{ productSessionId | json }}, "earlier": {{ history | size }}, "turn": {{ turn }}}',
      },
    );
    const sent = product.requests.length;
    const calls = simulator.requests.length;
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, {
      status: 'COMPLETED',
      progress: { testCases: 2, sessionsDone: 2, sessionsFailed: 0, evaluationsCreated: 2, skippedForCredits: [] },
    });
    // 4 calls for the first (3 messages, then stop), 2 for the second (its first turn is its input).
    t.is(simulator.requests.length - calls, 6);
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    const byCase = (index: number) =>
      sessions.find((session: { testCaseId: string }) => session.testCaseId === scene.testCases[index].id);
    t.like(byCase(0), { status: 'COMPLETED', stoppingReason: 'simulator: goal reached' });
    t.deepEqual(
      turnsOf(byCase(0).id).map((turn: { input: string; output: string }) => [turn.input, turn.output]),
      [
        ['user turn 1', 'echo: user turn 1'],
        ['user turn 2', 'echo: user turn 2'],
        ['user turn 3', 'echo: user turn 3'],
      ],
    );
    t.deepEqual(
      turnsOf(byCase(1).id).map((turn: { input: string }) => turn.input),
      ['hello', 'user turn 2'],
    );
    const asked = simulator.requests.slice(calls).map((request) => request.body);
    t.true(asked.every((body) => body.model === 'sim-model' && body.response_format?.type === 'json_object'));
    t.true(asked.some((body) => body.messages[0].content.includes('pt-BR')));
    t.is(simulator.requests.at(-1)?.authorization, 'Bearer sk-simulator');
    // The product was given the history and its own conversation id on later turns.
    const bodies = product.requests.slice(sent).map((request) => JSON.parse(request.body));
    t.is(bodies.length, 5);
    for (const body of bodies) {
      t.is(body.earlier, (body.turn - 1) * 2);
      t.is(body.conversation, body.turn === 1 ? null : 'conv-1');
    }
    // Each session keeps the product's conversation id, for a redelivered job to go on in it.
    for (const session of sessions) t.is(session.metadata?.productSessionId, 'conv-1');
    const evaluations = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.is(evaluations.length, 2);
    for (const evaluation of evaluations)
      t.like(evaluation, { conversationSimulatorVersion: 'openai-chat:sim-model', failedTurns: [] });
    // Each simulator call cost SIMULATOR_TURN_CREDITS (1); the EXACT_MATCH evaluations are free.
    t.is(await credits(), before - 6);
  });

  test.serial(title('a plain-text simulator plays until maxIterations'), async (t) => {
    const { owner } = await createTenant(world());
    const scene = await scenarioScene(owner, '/echo', [{ scenario: 'PLAIN', maxIterations: 3 }]);
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 1 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    t.like(sessions[0], { status: 'COMPLETED', stoppingReason: 'maxIterations reached (3)' });
    t.deepEqual(
      turnsOf(sessions[0].id).map((turn: { input: string }) => turn.input),
      ['plain message 1', 'plain message 2', 'plain message 3'],
    );
  });

  test.serial(title('a conversation end rule of the connection ends the conversation'), async (t) => {
    const { owner } = await createTenant(world());
    endHits = 0;
    const scene = await scenarioScene(owner, '/ender', [{ scenario: 'PLAIN' }], {
      conversationEndRules: [{ statusCode: 200, jsonPath: '$.done', equals: true }],
    });
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    await launchEnded(owner, launched.body.runId, launched.body.launchId);
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    t.like(sessions[0], { status: 'COMPLETED', stoppingReason: 'end rule: status 200 and $.done' });
    t.is(turnsOf(sessions[0].id).length, 2);
  });

  test.serial(title('a simulator call failing once is asked again within its turn, paid once'), async (t) => {
    const { owner, organizationId } = await createTenant(world());
    const credits = async () =>
      (await owner.get(`/organizations/${organizationId}/creditStatus`)).body.availableCredits;
    const before = await credits();
    const scene = await scenarioScene(owner, '/echo', [{ scenario: `STOP_AFTER:2 FLAKY:${database}-${Date.now()}` }]);
    const calls = simulator.requests.length;
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 1, sessionsFailed: 0, evaluationsCreated: 1 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    t.like(sessions[0], { status: 'COMPLETED', stoppingReason: 'simulator: goal reached' });
    t.deepEqual(
      turnsOf(sessions[0].id).map((turn: { input: string }) => turn.input),
      ['user turn 1', 'user turn 2'],
    );
    // Three turns asked (two messages, then stop), one of them twice; each turn paid once.
    t.is(simulator.requests.length - calls, 4);
    t.is(await credits(), before - 3);
  });

  test.serial(title('a simulator failing for good keeps and scores the turns already played'), async (t) => {
    const { owner } = await createTenant(world());
    const scene = await scenarioScene(owner, '/echo', [{ scenario: 'BROKEN_AFTER:2 STOP_AFTER:9', maxIterations: 5 }]);
    const calls = simulator.requests.length;
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 1, sessionsFailed: 0, evaluationsCreated: 1 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    t.is(sessions[0].status, 'COMPLETED');
    t.is(sessions[0].error, null);
    t.regex(sessions[0].stoppingReason, /^simulator failed: .*down.*\(after 3 attempts\)$/);
    t.deepEqual(
      turnsOf(sessions[0].id).map((turn: { input: string; output: string }) => [turn.input, turn.output]),
      [
        ['user turn 1', 'echo: user turn 1'],
        ['user turn 2', 'echo: user turn 2'],
      ],
    );
    // Two turns, then the third turn's call asked three times.
    t.is(simulator.requests.length - calls, 5);
    const evaluations = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.is(evaluations.length, 1);
    t.like(evaluations[0], { sessionId: sessions[0].id, failedTurns: [] });
  });

  test.serial(title('a simulator failing before any turn fails the conversation with its reason'), async (t) => {
    const { owner } = await createTenant(world());
    const scene = await scenarioScene(owner, '/echo', [{ scenario: 'BROKEN_AFTER:0' }]);
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { progress: { sessionsDone: 0, sessionsFailed: 1, evaluationsCreated: 0 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    t.is(sessions[0].status, 'FAILED');
    t.regex(sessions[0].error, /down.*\(after 3 attempts\)/);
    t.is(turnsOf(sessions[0].id).length, 0);
  });

  // 1000 starting credits, 400 per simulator call: two calls can be paid, then the organization runs out.
  const poorWorld = useWorld(test, database, {
    ...config,
    ORGANIZATION_STARTING_CREDITS: 1000,
    // One test case at a time: the ones not started when credits run out are skipped without being played.
    GENERATION_CONCURRENCY: 1,
    SIMULATOR_TURN_CREDITS: 400,
  });

  test.serial(title('out of credits, the launch stops generating and leaves nothing PENDING'), async (t) => {
    const { owner, organizationId } = await createTenant(poorWorld());
    const scene = await scenarioScene(
      owner,
      '/echo',
      [1, 2, 3, 4].map(() => ({ scenario: 'PLAIN', maxIterations: 1 })),
    );
    const [asked, called] = [simulator.requests.length, product.requests.length];
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { testCases: 4, sessionsDone: 2, sessionsFailed: 0 } });
    // Only the two paid simulator calls were made, and only their turns reached the product.
    t.is(simulator.requests.length - asked, 2);
    t.is(product.requests.length - called, 2);
    t.is(launch.progress.skippedForCredits.length, 2);
    const all = scene.testCases.map((testCase: { id: string }) => testCase.id);
    t.true(launch.progress.skippedForCredits.every((id: string) => all.includes(id)));
    const { sessions } = await sessionsOf(owner, launched.body.runId);
    t.false(sessions.some((session: { status: string }) => session.status === 'PENDING'));
    t.is(sessions.filter((session: { status: string }) => session.status === 'COMPLETED').length, 2);
    const unpaid = sessions.filter((session: { status: string }) => session.status === 'FAILED');
    t.true(
      unpaid.length >= 1 && unpaid.every((session: { error: string }) => session.error.startsWith('Out of credits')),
    );
    t.is(sessions.length, 2 + unpaid.length);
    const evaluations = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.is(evaluations.length, 2);
    t.false(evaluations.some((evaluation: { status: string }) => evaluation.status === 'PENDING'));
    const status = (await owner.get(`/organizations/${organizationId}/creditStatus`)).body;
    t.is(status.availableCredits, 200);
  });

  // 1000 starting credits, 2000 per simulator call: not one can be paid.
  const brokeWorld = useWorld(test, database, {
    ...config,
    ORGANIZATION_STARTING_CREDITS: 1000,
    SIMULATOR_TURN_CREDITS: 2000,
  });

  test.serial(title('out of credits, a single turn already called keeps its answer and is scored'), async (t) => {
    const { owner } = await createTenant(brokeWorld());
    singleArrived = gate();
    singleReleased = gate();
    // One launch, two datasets: a conversation opening with a message, and a single turn.
    const scene = await scenarioScene(owner, '/gate', [{ scenario: 'PLAIN', input: { user_message: 'opening' } }]);
    const single = await owner.post('/tests', { productId: scene.product.id, name: 'Singles', type: 'QUALITY' });
    const singleCase = await owner.post('/testCases', {
      testId: single.body.id,
      input: { user_message: 'single' },
      expectedOutput: 'echo: single',
    });
    await owner.post(`/specifications/${scene.specification.id}/tests`, { testIds: [single.body.id] });
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    // The conversation's second turn cannot be paid while the single turn's call is in flight; then it answers.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const run = (await owner.get(`/runs/${launched.body.runId}`)).body;
      const launch = run.launches.find((entry: { id: string }) => entry.id === launched.body.launchId);
      if (launch.progress?.skippedForCredits.length > 0) break;
      if (Date.now() > deadline) throw new Error(`never out of credits: ${JSON.stringify(launch)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    singleReleased.resolve();
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { testCases: 2, sessionsDone: 1, evaluationsCreated: 1 } });
    t.deepEqual(launch.progress.skippedForCredits, [scene.testCases[0].id]);
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    const answered = sessions.find((session: { testCaseId: string }) => session.testCaseId === singleCase.body.id);
    t.like(answered, { status: 'COMPLETED', error: null });
    t.deepEqual(
      turnsOf(answered.id).map((turn: { output: string }) => turn.output),
      ['echo: single'],
    );
    const evaluations = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.like(evaluations, [{ sessionId: answered.id, status: 'SUCCESS', score: 1 }]);
  });

  test.serial(title('a failed turn is recorded, the conversation goes on, its evaluations name it'), async (t) => {
    const { owner } = await createTenant(poorWorld());
    flakyHits = 0;
    const scene = await scenarioScene(owner, '/first-fails', [{ scenario: 'PLAIN', maxIterations: 2 }], {
      retries: 0,
    });
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 1 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    const turns = turnsOf(sessions[0].id);
    t.deepEqual(
      turns.map((turn: { status: string }) => turn.status),
      ['FAILED', 'COMPLETED'],
    );
    const [evaluation] = (await owner.get('/evaluations', { launchIds: launch.id })).body;
    t.deepEqual(evaluation.failedTurns, [turns[0].id]);
  });
}

const manual = useWorld(test, 'sqlite', {
  ASSAY_SECRET_KEY: TEST_SECRET_KEY,
  ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
  SIMULATOR_BASE_URL: simulator.url,
  SIMULATOR_MODEL: 'sim-model',
  QUEUE_EMBEDDED_WORKER: false,
});

test.serial("[sqlite] a redelivered conversation goes on in the product's own conversation", async (t) => {
  const { owner, organizationId } = await createTenant(manual());
  const scene = await scenarioScene(owner, '/echo', [{ scenario: 'STOP_AFTER:2' }], {
    inputTemplate:
      '{"message": {{ input.user_message | json }}, "conversation": {{ productSessionId | json }}, "turn": {{ turn }}}',
  });
  const launched = (await owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).body;
  const { useCases, ports } = manual().platform as Required<ReturnType<typeof manual>['platform']>;
  const [item] = await ports.inferenceGenerationItems.list(organizationId, {
    where: [{ field: 'launchId', op: 'eq', value: launched.launchId }],
    limit: 1,
  });
  // An earlier delivery claimed the item, played turn 1 (the product named its conversation "conv-earlier") and died.
  const now = new Date().toISOString();
  const session = createSession(
    { versionId: item.versionId, testCaseId: item.testCaseId, runId: item.runId },
    { id: 'session_earlier', organizationId, now },
  );
  await ports.sessions.insert(updateSession(session, { metadata: { productSessionId: 'conv-earlier' } }));
  await ports.inferenceGenerationItems.update(claimItem(item, session.id));
  await ports.inferenceResults.insert(
    createInferenceResult(
      { sessionId: session.id, input: 'user turn 1', output: 'echo: user turn 1', status: 'COMPLETED' },
      { id: 'inferenceResult_earlier', organizationId, now },
    ),
  );
  const sent = product.requests.length;
  await useCases.generateInferences.executeBatch([{ organizationId, itemId: item.id }]);
  const bodies = product.requests.slice(sent).map((request) => JSON.parse(request.body));
  t.deepEqual(bodies, [{ message: 'user turn 2', conversation: 'conv-earlier', turn: 2 }]);
  const stored = (await owner.get(`/sessions/${session.id}`)).body;
  t.like(stored, { status: 'COMPLETED', metadata: { productSessionId: 'conv-1' } });
});
