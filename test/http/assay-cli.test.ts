import test from 'ava';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assayCli, assayCliOnTerminal, hasEscapes } from '../support/assay-cli.ts';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import { createTenant, useWorld } from '../support/http-world.ts';

/** The CLI in a process of its own, with NO_COLOR as a CI job might set it. */
const assay = (args: readonly string[], env: NodeJS.ProcessEnv) => assayCli(args, { ...env, NO_COLOR: '1' });

const world = useWorld(test, 'sqlite');

async function scene() {
  const tenant = await createTenant(world());
  const fixture = await evaluationFixture(tenant.owner);
  const config = await mkdtemp(join(tmpdir(), 'assay-cli-'));
  const env = { XDG_CONFIG_HOME: config, ASSAY_BASE_URL: '', ASSAY_API_KEY: '' };
  const login = await assay(['login', '--base-url', world().url, '--key', tenant.owner.key ?? ''], env);
  return { tenant, fixture, config, env, login };
}

test('login checks the key and saves it for its owner only; whoami, list and get use it', async (t) => {
  const { tenant, fixture, config, env, login } = await scene();
  t.is(login.code, 0, login.stderr);
  t.regex(login.stdout, /Logged in to .* as owner@/);
  t.is((await stat(join(config, 'assay', 'config.json'))).mode & 0o777, 0o600);
  t.regex((await assay(['whoami'], env)).stdout, new RegExp(`\\(OWNER\\) in ${tenant.organizationId}`));
  const listed = await assay(['products', 'list'], env);
  t.regex(listed.stdout, /^id\s+name\s+createdAt\n-+/);
  t.true(listed.stdout.includes(fixture.product.id));
  const read = await assay(['sessions', 'get', fixture.sessions.a.id], env);
  t.is(JSON.parse(read.stdout).id, fixture.sessions.a.id);
  const refused = await assay(['login', '--base-url', world().url, '--key', 'assay_wrong'], env);
  t.is(refused.code, 2);
  t.regex(refused.stderr, /401/);
  const nobody = await assay(['whoami'], {
    XDG_CONFIG_HOME: join(config, 'none'),
    ASSAY_BASE_URL: '',
    ASSAY_API_KEY: '',
  });
  t.is(nobody.code, 2);
  t.regex(nobody.stderr, /assay login/);
});

test('run: a passing gate exits 0 with a table and JUnit; a reused custom id exits 2', async (t) => {
  const { fixture, config, env } = await scene();
  const junitFile = join(config, 'junit.xml');
  const args = ['run', '--version', fixture.version.id, '--sessions', fixture.sessions.a.id, '--custom-id', 'BUILD-1'];
  const passed = await assay([...args, '--junit', junitFile], env);
  t.is(passed.code, 0, passed.stderr);
  t.regex(passed.stdout, /metricName\s+evaluations\s+mean/);
  t.regex(passed.stdout, /Gate passed/);
  const xml = await readFile(junitFile, 'utf8');
  t.regex(xml, /<testsuite name="assay run run_[^"]+" tests="2" failures="0">/);
  const again = await assay(args, env);
  t.is(again.code, 2);
  t.regex(again.stderr, /BUILD-1 is already taken/);
});

test('run: a metric below the minimum, or fallen against the baseline, fails the gate with exit 1', async (t) => {
  const { tenant, fixture, config, env } = await scene();
  const baseline = await assay(['run', '--version', fixture.version.id, '--sessions', fixture.sessions.a.id], env);
  t.is(baseline.code, 0, baseline.stderr);
  const baselineRun = /Run (run_\w+)/.exec(baseline.stdout)?.[1] ?? '';
  const worse = (
    await tenant.owner.post('/sessions', { versionId: fixture.version.id, testCaseId: fixture.testCases.a.id })
  ).body;
  await tenant.owner.post('/inferenceResults', { sessionId: worse.id, input: 'Capital of France?', output: 'Lyon' });
  const strict = await assay(
    [
      'run',
      '--version',
      fixture.version.id,
      '--sessions',
      worse.id,
      '--min-score',
      '0.9',
      '--junit',
      join(config, 'j.xml'),
    ],
    env,
  );
  t.is(strict.code, 1);
  t.regex(strict.stderr, /exact [^:]*: mean 0 below 0\.9/);
  t.regex(await readFile(join(config, 'j.xml'), 'utf8'), /<failure message="mean 0 below 0.9"\/>/);
  const regression = await assay(
    ['run', '--version', fixture.version.id, '--sessions', worse.id, '--min-score', '0', '--baseline', baselineRun],
    env,
  );
  t.is(regression.code, 1);
  t.regex(regression.stderr, /exact [^:]*: mean fell 1 against the baseline/);
});

test('tests import sends a CSV file; spans send batches a JSON Lines file and reports refused lines', async (t) => {
  const { fixture, config, env } = await scene();
  const csv = join(config, 'cases.csv');
  await writeFile(csv, 'input,expectedOutput\nHello,Hi there\n"Where, exactly?",Here\n');
  const imported = await assay(['tests', 'import', csv, '--test', fixture.datasets.a.id], env);
  t.is(imported.code, 0, imported.stderr);
  t.regex(imported.stdout, /of 2 rows into test_/);
  const spans = join(config, 'spans.jsonl');
  const result = fixture.sessions.a.results[0].id;
  await writeFile(
    spans,
    [
      JSON.stringify({ inferenceResultId: result, name: 'agent', type: 'AGENT' }),
      JSON.stringify({ inferenceResultId: 'inferenceResult_missing', name: 'lost' }),
      'not json',
      JSON.stringify({ inferenceResultId: result, name: 'tool', type: 'TOOL' }),
    ].join('\n'),
  );
  const sent = await assay(['spans', 'send', spans], env);
  t.is(sent.code, 1, `refused spans fail the command: ${sent.stdout} ${sent.stderr}`);
  t.regex(sent.stdout, /Sent 4 spans: 2 stored, 2 refused/);
  // The server refuses line 2 after line 3 was found not to be JSON: the report is in line order all the same.
  t.regex(sent.stdout, /^ {2}line 2: .*\n {2}line 3: not JSON$/m);
});

test('tests import and spans send draw their bars on a terminal only, and never with NO_COLOR', async (t) => {
  const { fixture, config, env } = await scene();
  const csv = join(config, 'bar.csv');
  await writeFile(csv, 'input,expectedOutput\nHello,Hi there\n');
  const spans = join(config, 'bar.jsonl');
  const result = fixture.sessions.a.results[0].id;
  await writeFile(spans, `${JSON.stringify({ inferenceResultId: result, name: 'agent', type: 'AGENT' })}\n`);
  const importing = ['tests', 'import', csv, '--test', fixture.datasets.a.id];
  const sending = ['spans', 'send', spans];

  const imported = await assayCliOnTerminal(importing, env);
  t.is(imported.code, 0, imported.stdout);
  t.regex(imported.stdout, /Importing \[[^\]]*\] \d+\/\d+ bytes/);
  const sent = await assayCliOnTerminal(sending, env);
  t.is(sent.code, 0, sent.stdout);
  t.regex(sent.stdout, /Sending \[[^\]]*\] 1\/1 spans/);
  t.true(hasEscapes(sent.stdout));

  for (const outcome of [
    await assayCliOnTerminal(sending, { ...env, NO_COLOR: '1' }),
    await assayCliOnTerminal(importing, { ...env, NO_COLOR: '1' }),
    await assayCli(sending, env),
  ]) {
    t.is(outcome.code, 0, outcome.stdout + outcome.stderr);
    t.notRegex(outcome.stdout + outcome.stderr, /(Sending|Importing) \[/);
    t.false(hasEscapes(outcome.stdout + outcome.stderr));
  }
});
