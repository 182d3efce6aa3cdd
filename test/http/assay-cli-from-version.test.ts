import test from 'ava';
import { assayCli, assayCliOnTerminal, hasEscapes } from '../support/assay-cli.ts';
import { inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { cliWorld } from '../support/cli-world.ts';
import { createTenant } from '../support/http-world.ts';

// `assay run --version ID` without --sessions: the server generates the conversations by calling the version's
// endpoint (a real product server on loopback), scores them with an EXACT_MATCH metric, and the CLI gates on them.
const { world, product } = cliWorld(test);

/** A version answering through `/echo`: two of its three test cases expect the echo, one does not (mean 2/3). */
async function scene() {
  const tenant = await createTenant(world());
  const generation = await inferenceGenerationScene(tenant.owner, `${product().url}/echo`, {
    messages: ['hello', 'refund please', 'wrong'],
  });
  const env = { ASSAY_BASE_URL: world().url, ASSAY_API_KEY: tenant.owner.key ?? '' };
  return { tenant, generation, env };
}

/** The table's row for a metric, as its cells. */
const rowOf = (stdout: string, metricName: string) =>
  stdout
    .split('\n')
    .find((line) => line.startsWith(metricName))
    ?.split(/\s{2,}/);

test('run --version generates through the endpoint, prints the per-metric table and passes the gate', async (t) => {
  const { tenant, generation, env } = await scene();
  const outcome = await assayCli(
    ['run', '--version', generation.version.id, '--custom-id', 'BUILD-7', '--min-score', '0.6'],
    env,
  );
  t.is(outcome.code, 0, outcome.stderr);
  const runId = /^Run (run_\w+): launch (launch_\w+) started$/m.exec(outcome.stdout)?.[1] ?? '';
  t.regex(outcome.stdout, /^metricName\s+evaluations\s+mean\s+min\s+max\s+passRate\s+change\s+failure$/m);
  t.deepEqual(rowOf(outcome.stdout, generation.metric.name), [
    generation.metric.name,
    '3',
    '0.6667',
    '0',
    '1',
    '67%',
    'ok',
  ]);
  t.regex(outcome.stdout, /Gate passed: 1 metric at or above 0\.6$/m);
  t.false(hasEscapes(outcome.stdout + outcome.stderr), 'no terminal: no bar, no escapes');
  // The CLI opened the run itself (CALLER, with the custom id), launched fromVersion into it and closed it.
  const run = (await tenant.owner.get(`/runs/${runId}`)).body;
  t.like(run, { status: 'COMPLETED', openedBy: 'CALLER', customId: 'BUILD-7', versionId: generation.version.id });
  t.like(run.launches, [{ kind: 'GENERATE_INFERENCES', status: 'COMPLETED', progress: { sessionsDone: 3 } }]);
  t.is(product().requests.filter((request) => request.path === '/echo').length >= 3, true);
});

test('run --version with a minimum the scores cannot meet fails the gate with exit 1', async (t) => {
  const { generation, env } = await scene();
  const outcome = await assayCli(['run', '--version', generation.version.id, '--min-score', '0.9'], env);
  t.is(outcome.code, 1, outcome.stderr);
  t.deepEqual(rowOf(outcome.stdout, generation.metric.name)?.at(-1), 'mean 0.6667 below 0.9');
  t.regex(outcome.stderr, /^Gate failed: Exact [^:]+: mean 0\.6667 below 0\.9$/m);
  const unknown = await assayCli(['run', '--version', 'version_missing'], env);
  t.is(unknown.code, 2, 'an unknown version is a usage error');
  t.regex(unknown.stderr, /the version: 404/);
});

test('on a terminal the run shows a progress bar; with NO_COLOR, or without a terminal, no escape sequences', async (t) => {
  const { generation, env } = await scene();
  const args = ['run', '--version', generation.version.id, '--min-score', '0.6'];
  const terminal = await assayCliOnTerminal(args, env);
  t.is(terminal.code, 0, terminal.stdout);
  t.regex(terminal.stdout, /Scoring \[[^\]]*\] \d+\/\d+ evaluations \| \d+ sessions generated \| \d+ failed/);
  t.regex(terminal.stdout, /Scoring \[[^\]]*\] 3\/3 evaluations \| 3 sessions generated \| 0 failed/, 'its last state');
  t.true(hasEscapes(terminal.stdout), 'the bar redraws itself');
  t.regex(terminal.stdout, /Gate passed/);

  const noColor = await assayCliOnTerminal(args, { ...env, NO_COLOR: '1' });
  t.is(noColor.code, 0, noColor.stdout);
  t.regex(noColor.stdout, /Gate passed/);
  t.notRegex(noColor.stdout, /Scoring \[/);
  t.false(hasEscapes(noColor.stdout), 'NO_COLOR: no escape sequences even on a terminal');

  const piped = await assayCli(args, env);
  t.is(piped.code, 0, piped.stderr);
  t.notRegex(piped.stdout + piped.stderr, /Scoring \[/);
  t.false(hasEscapes(piped.stdout + piped.stderr), 'no terminal: no escape sequences');
});
