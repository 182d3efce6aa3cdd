import test from 'ava';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assayCli } from '../support/assay-cli.ts';
import { inferenceGenerationScene } from '../support/inference-generation-scene.ts';
import { cliWorld } from '../support/cli-world.ts';
import { createTenant } from '../support/http-world.ts';
import { closedPort, json } from '../support/local-http.ts';

// What `assay run` makes of failures: sessions the product could not answer, a launch with nothing to score, a
// launch refused outright. The CLI runs as in a CI job (a pipe, no terminal), against a real server and a real
// product endpoint on loopback.
const { world, product } = cliWorld(test, {
  // Answers 500 to the messages that ask for it, echoes the others.
  '/picky': (request, response) => {
    const message = JSON.parse(request.body || '{}').message ?? '';
    if (String(message).startsWith('fail')) json(response, 500, { error: 'the model is down' });
    else json(response, 200, { answer: { text: `echo: ${message}` } });
  },
});

async function scene(url: string, messages: readonly string[]) {
  const tenant = await createTenant(world());
  // No retries: a refused call fails its session at once.
  const generation = await inferenceGenerationScene(tenant.owner, url, { messages, connection: { retries: 0 } });
  const env = { ASSAY_BASE_URL: world().url, ASSAY_API_KEY: tenant.owner.key ?? '', NO_COLOR: '1' };
  const folder = await mkdtemp(join(tmpdir(), 'assay-gate-'));
  return { tenant, generation, env, junitFile: join(folder, 'junit.xml') };
}

test('sessions the endpoint failed fail the gate, each listed with its reason, unless --max-failed-sessions allows them', async (t) => {
  const { generation, env, junitFile } = await scene(`${product().url}/picky`, [
    'one',
    'fail a',
    'two',
    'fail b',
    'three',
  ]);
  const args = ['run', '--version', generation.version.id, '--min-score', '0.5', '--junit', junitFile];
  const failed = await assayCli(args, env);
  t.is(failed.code, 1, failed.stdout + failed.stderr);
  t.regex(failed.stdout, /^2 sessions failed:$/m);
  const reasons = failed.stdout
    .split('\n')
    .filter((line) => /^ {2}session_\w+ \(test case testCase_\w+\): /.test(line));
  t.is(reasons.length, 2, failed.stdout);
  for (const reason of reasons) t.regex(reason, /500/);
  t.regex(failed.stderr, /^Gate failed: 2 sessions failed \(at most 0 allowed\)$/m);
  const xml = await readFile(junitFile, 'utf8');
  t.regex(xml, /<testsuite name="assay run run_\w+" tests="1" failures="0">/, 'the metric itself passes');
  t.regex(xml, /<testsuite name="assay run run_\w+ test cases" tests="5" failures="2">/);
  t.is(xml.match(/<failure message="session failed: [^"]*500/g)?.length, 2);

  const allowed = await assayCli([...args, '--max-failed-sessions', '2'], env);
  t.is(allowed.code, 0, allowed.stdout + allowed.stderr);
  t.regex(allowed.stdout, /^2 sessions failed:$/m, 'still listed');
  t.regex(allowed.stdout, /Gate passed/);
});

test('a launch that produced no evaluation fails the gate with its reasons; JUnit gets a failing case', async (t) => {
  const { generation, env, junitFile } = await scene(`http://127.0.0.1:${await closedPort()}/gone`, ['hello', 'bye']);
  const outcome = await assayCli(['run', '--version', generation.version.id, '--junit', junitFile], env);
  t.is(outcome.code, 1, outcome.stdout + outcome.stderr);
  t.regex(outcome.stdout, /^Nothing to gate on: launch launch_\w+ \(\w+\) produced no evaluation: .*ECONNREFUSED/m);
  t.regex(outcome.stdout, /^2 sessions failed:$/m);
  t.regex(outcome.stderr, /^Gate failed: nothing to gate on: /m);
  const xml = await readFile(junitFile, 'utf8');
  t.notRegex(xml, /tests="0"/);
  t.regex(xml, /<testcase [^>]*name="evaluations"><failure message="launch launch_\w+ \(\w+\) produced no evaluation/);
  t.regex(xml, /test cases" tests="2" failures="2"/);
});

test('a refused launch deletes the run it opened, so a retry with the same custom id works', async (t) => {
  const { tenant, generation, env } = await scene(`${product().url}/echo`, ['hello']);
  // A version of the product without an endpoint connection: fromVersion refuses it (400).
  const bare = (await tenant.owner.post('/versions', { productId: generation.product.id })).body;
  const refused = await assayCli(['run', '--version', bare.id, '--custom-id', 'BUILD-9'], env);
  t.is(refused.code, 2, refused.stdout + refused.stderr);
  t.regex(refused.stderr, /^launching: 400 invalid_input .*; run run_\w+ deleted$/m);
  t.deepEqual((await tenant.owner.get('/runs', { customIds: 'BUILD-9' })).body, []);
  const retried = await assayCli(['run', '--version', generation.version.id, '--custom-id', 'BUILD-9'], env);
  t.is(retried.code, 0, retried.stdout + retried.stderr);
});

test('a RUNNING run of the custom id with no launch (a crashed attempt) is reused, not refused', async (t) => {
  const { tenant, generation, env } = await scene(`${product().url}/echo`, ['hello']);
  const left = (
    await tenant.owner.post('/runs', {
      productId: generation.product.id,
      versionId: generation.version.id,
      customId: 'BUILD-10',
    })
  ).body;
  const outcome = await assayCli(['run', '--version', generation.version.id, '--custom-id', 'BUILD-10'], env);
  t.is(outcome.code, 0, outcome.stdout + outcome.stderr);
  t.regex(outcome.stdout, new RegExp(`^Run ${left.id} \\(custom id BUILD-10\\) reused`, 'm'));
  const run = (await tenant.owner.get(`/runs/${left.id}`)).body;
  t.like(run, { status: 'COMPLETED', launches: [{ status: 'COMPLETED' }] });
  const again = await assayCli(['run', '--version', generation.version.id, '--custom-id', 'BUILD-10'], env);
  t.is(again.code, 2, 'a run that launched keeps its custom id');
  t.regex(again.stderr, /BUILD-10 is already taken/);
});
