import test from 'ava';
import { inferenceGenerationScene, launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import {
  closeScenarioServers,
  product,
  scenarioScene,
  sessionsOf,
  simulatorSettings,
} from '../support/scenario-servers.ts';

// Turns a fromVersion launch generates are priced like every other turn: the product's `/echo` answers carry usage
// (5 input and 3 output tokens), the version names its model, and the turns, sessions, run and usage show the cost.
const databases = await httpDatabases();
test.after.always(closeScenarioServers);

/** Maps the answer's usage into the turn's input and output tokens. */
const usageMapping = {
  outputMapping: {
    output: '$.answer.text',
    sessionId: '$.conversation',
    inputTokens: '$.usage.in',
    outputTokens: '$.usage.out',
  },
};
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

for (const database of databases) {
  const world = useWorld(test, database, {
    ...simulatorSettings,
    QUEUE_POLL_SECONDS: 0.5,
    SIMULATOR_API_KEY: 'sk-simulator',
  });
  const title = (text: string) => `[${database}] ${text}`;

  /** A model at 1e-6 $ per input token and 2e-6 $ per output token, named by the version. */
  async function pricedVersion(owner: ReturnType<typeof world>['admin'], versionId: string) {
    const name = `house-${Math.random().toString(36).slice(2, 8)}`;
    const model = await owner.post('/models', { name, costPerInputToken: 0.000001, costPerOutputToken: 0.000002 });
    if (model.status !== 201) throw new Error(JSON.stringify(model.body));
    const patched = await owner.patch(`/versions/${versionId}`, { modelId: model.body.id });
    if (patched.status !== 200) throw new Error(JSON.stringify(patched.body));
    return name;
  }

  test(title('single turns of a fromVersion launch are priced by the version model; the run sums them'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const scene = await inferenceGenerationScene(tenant.owner, `${product.url}/echo`, {
      messages: ['hello', 'refund please', 'wrong'],
      connection: usageMapping,
    });
    const model = await pricedVersion(tenant.owner, scene.version.id);
    const launched = await tenant.owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    const { run } = await launchEnded(tenant.owner, launched.body.runId, launched.body.launchId);
    // Each turn: 5 × 1e-6 + 3 × 2e-6 = 0.000011.
    const { sessions, turnsOf } = await sessionsOf(tenant.owner, run.id);
    t.is(sessions.length, 3);
    for (const session of sessions) {
      t.like(session, { inputTokens: 5, outputTokens: 3, cost: 0.000011 });
      t.like(turnsOf(session.id), [{ inputTokens: 5, outputTokens: 3, model, cost: 0.000011, costSource: 'MODEL' }]);
    }
    t.like(run, { inputTokens: 15, outputTokens: 9, cost: 0.000033 });
    const usage = await tenant.owner.get(`/usage?groupBy=version&from=${today()}&to=${tomorrow()}`);
    t.deepEqual(usage.body, [
      {
        versionId: scene.version.id,
        inferenceResultCount: 3,
        inputTokens: 15,
        outputTokens: 9,
        cacheReadInputTokens: 0,
        cost: 0.000033,
      },
    ]);
    t.is((await other.owner.get(`/runs/${run.id}`)).status, 404);
    t.deepEqual((await other.owner.get(`/usage?groupBy=version&from=${today()}&to=${tomorrow()}`)).body, []);
  });

  test.serial(title('the turns of a simulated conversation are priced as they are recorded'), async (t) => {
    const tenant = await createTenant(world());
    const scene = await scenarioScene(tenant.owner, '/echo', [{ scenario: 'STOP_AFTER:2' }], usageMapping);
    await pricedVersion(tenant.owner, scene.version.id);
    const launched = await tenant.owner.post('/evaluations/fromVersion', { versionId: scene.version.id });
    t.is(launched.status, 202, JSON.stringify(launched.body));
    const { run, launch } = await launchEnded(tenant.owner, launched.body.runId, launched.body.launchId);
    t.like(launch, { status: 'COMPLETED', progress: { sessionsDone: 1 } });
    const { sessions, turnsOf } = await sessionsOf(tenant.owner, run.id);
    const turns = turnsOf(sessions[0].id);
    t.is(turns.length, 2);
    for (const turn of turns) t.like(turn, { cost: 0.000011, costSource: 'MODEL' });
    t.like(sessions[0], { inputTokens: 10, outputTokens: 6, cost: 0.000022 });
    t.like(run, { inputTokens: 10, outputTokens: 6, cost: 0.000022 });
    const usage = await tenant.owner.get(`/usage?groupBy=day&from=${today()}&to=${tomorrow()}`);
    t.like(usage.body, [{ day: today(), inferenceResultCount: 2, cost: 0.000022 }]);
  });
}
