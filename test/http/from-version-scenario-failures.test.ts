import test from 'ava';
import { launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import {
  closeScenarioServers,
  gate,
  product,
  productState,
  scenarioScene,
  sessionsOf,
  simulator,
  simulatorSettings,
} from '../support/scenario-servers.ts';

// Conversations when the simulated user or the product fails (retried, turns kept) and when credits run out.
const databases = await httpDatabases();
test.after.always(closeScenarioServers);

for (const database of databases) {
  const config = { ...simulatorSettings, QUEUE_POLL_SECONDS: 0.5, SIMULATOR_API_KEY: 'sk-simulator' };
  const world = useWorld(test, database, config);
  const title = (text: string) => `[${database}] ${text}`;

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
    productState.singleArrived = gate();
    productState.singleReleased = gate();
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
    productState.singleReleased.resolve();
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
    productState.flakyHits = 0;
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
