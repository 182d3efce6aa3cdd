import test from 'ava';
import { assayCli } from '../support/assay-cli.ts';
import { inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { cliWorld } from '../support/cli-world.ts';
import { createTenant } from '../support/http-world.ts';

// `assay run` shows the run's cost and tokens beside the scores; `assay usage` prints GET /usage as a table or JSON.
// The product's `/echo` answers with 5 input and 3 output tokens; the version's model prices them.
const { world, product } = cliWorld(test);

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A priced version (1e-6 $ per input token, 2e-6 $ per output token) whose three test cases were run by the CLI. */
async function ranScene() {
  const tenant = await createTenant(world());
  const scene = await inferenceGenerationScene(tenant.owner, `${product().url}/echo`, {
    messages: ['hello', 'refund please', 'wrong'],
    connection: {
      outputMapping: {
        output: '$.answer.text',
        sessionId: '$.conversation',
        inputTokens: '$.usage.in',
        outputTokens: '$.usage.out',
      },
    },
  });
  const modelName = `house-${Math.random().toString(36).slice(2, 8)}`;
  const model = await tenant.owner.post('/models', {
    name: modelName,
    costPerInputToken: 0.000001,
    costPerOutputToken: 0.000002,
  });
  await tenant.owner.patch(`/versions/${scene.version.id}`, { modelId: model.body.id });
  const env = { ASSAY_BASE_URL: world().url, ASSAY_API_KEY: tenant.owner.key ?? '', NO_COLOR: '1' };
  const run = await assayCli(['run', '--version', scene.version.id, '--min-score', '0.6'], env);
  return { tenant, scene, env, run, modelName };
}

test('run prints the cost and tokens of its turns under the per-metric table', async (t) => {
  const { run } = await ranScene();
  t.is(run.code, 0, run.stderr);
  // 3 turns × (5 × 1e-6 + 3 × 2e-6)
  t.regex(
    run.stdout,
    /^metricName\s+evaluations[^\n]*\n-[^\n]*\n[^\n]*\nCost: \$0\.000033 \(15 input tokens, 9 output tokens\)$/m,
  );
  t.regex(run.stdout, /Gate passed/);
});

test('usage prints a table grouped as asked with a total, JSON with --json, and filters', async (t) => {
  const { scene, env, modelName } = await ranScene();
  const range = ['--from', today(), '--to', tomorrow()];
  const byDayAndVersion = await assayCli(['usage', '--group-by', 'day,version', ...range], env);
  t.is(byDayAndVersion.code, 0, byDayAndVersion.stderr);
  t.regex(
    byDayAndVersion.stdout,
    /^day\s+versionId\s+turns\s+inputTokens\s+outputTokens\s+cacheReadInputTokens\s+cost$/m,
  );
  const row = byDayAndVersion.stdout.split('\n').find((line) => line.startsWith(today()));
  t.deepEqual(row?.split(/\s{2,}/), [today(), scene.version.id, '3', '15', '9', '0', '$0.000033']);
  t.regex(byDayAndVersion.stdout, /^Total: \$0\.000033 over 3 turns$/m);

  const json = await assayCli(['usage', '--group-by', 'model', '--product', scene.product.id, '--json', ...range], env);
  t.is(json.code, 0, json.stderr);
  t.deepEqual(JSON.parse(json.stdout), [
    {
      model: modelName,
      inferenceResultCount: 3,
      inputTokens: 15,
      outputTokens: 9,
      cacheReadInputTokens: 0,
      cost: 0.000033,
    },
  ]);
  const filtered = await assayCli(['usage', '--version', 'version_elsewhere', '--json', ...range], env);
  t.deepEqual(JSON.parse(filtered.stdout), []);
  const defaults = await assayCli(['usage', '--json'], env);
  t.is(defaults.code, 0, defaults.stderr);
  t.like(JSON.parse(defaults.stdout), [{ day: today(), inferenceResultCount: 3 }]);

  const stranger = await createTenant(world());
  const theirs = await assayCli(['usage', '--json', ...range], { ...env, ASSAY_API_KEY: stranger.owner.key ?? '' });
  t.deepEqual(JSON.parse(theirs.stdout), []);
  const refused = await assayCli(['usage', '--group-by', 'week'], env);
  t.is(refused.code, 2);
  t.regex(refused.stderr, /usage: 400/);
});
