import test from 'ava';
import { launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import {
  closeScenarioServers,
  product,
  productState,
  scenarioScene,
  sessionsOf,
  simulator,
  simulatorSettings,
} from '../support/scenario-servers.ts';
import { claimItem } from '../../domain/inference-generation/inference-generation-item.ts';
import { createInferenceResult } from '../../domain/tracing/inference-result.ts';
import { createSession, updateSession } from '../../domain/tracing/session.ts';

// Scenario test cases played as conversations with the simulated user: stopping, end rules, redelivery.
const databases = await httpDatabases();
test.after.always(closeScenarioServers);

for (const database of databases) {
  const config = { ...simulatorSettings, QUEUE_POLL_SECONDS: 0.5, SIMULATOR_API_KEY: 'sk-simulator' };
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
    productState.endHits = 0;
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
}

const manual = useWorld(test, 'sqlite', { ...simulatorSettings, QUEUE_EMBEDDED_WORKER: false });

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
