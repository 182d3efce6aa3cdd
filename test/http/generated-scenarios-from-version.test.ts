import test from 'ava';
import { launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { startGenerationModelServer } from '../support/generation-model-server.ts';
import { jobIn, testCasesOf } from '../support/generation-scenes.ts';
import { closeScenarioServers, scenarioScene, sessionsOf, simulatorSettings } from '../support/scenario-servers.ts';

// Generated SCENARIOS test cases are played by a from-version launch as they are.
const databases = await httpDatabases();
const model = await startGenerationModelServer();
test.after.always(async () => {
  await model.close();
  await closeScenarioServers();
});

for (const database of databases) {
  const world = useWorld(test, database, {
    ...simulatorSettings,
    GENERATOR_BASE_URL: model.url,
    GENERATOR_MODEL: 'gen-model',
    QUEUE_POLL_SECONDS: 0.5,
  });

  test.serial(`[${database}] a from-version launch plays the generated scenarios`, async (t) => {
    model.reset();
    const { owner } = await createTenant(world());
    const scene = await scenarioScene(owner, '/echo', []);
    const started = await owner.post(`/tests/${scene.dataset.id}/generate`, {
      kind: 'SCENARIOS',
      maxTestCases: 2,
      maxIterations: 4,
    });
    t.is(started.status, 202, JSON.stringify(started.body));
    t.like(await jobIn(owner, started.body.id), { state: 'completed', result: { testCaseCount: 2 } });
    const generated = await testCasesOf(owner, scene.dataset.id);
    const launched = await owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    const { launch } = await launchEnded(owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { testCases: 2, sessionsDone: 2, sessionsFailed: 0 } });
    const { sessions, turnsOf } = await sessionsOf(owner, launched.body.runId);
    const played = (index: number) => {
      const session = sessions.find((entry: { testCaseId: string }) => entry.testCaseId === generated[index].id);
      return turnsOf(session.id).map((turn: { input: string }) => turn.input);
    };
    // Scenario 1 has no first message: the simulated user writes both turns; scenario 2 opens with its own.
    t.deepEqual(played(0), ['user turn 1', 'user turn 2']);
    t.deepEqual(played(1), ['Hello, I am customer 2', 'user turn 2']);
  });
}
