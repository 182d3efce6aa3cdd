import test from 'ava';
import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assayCli, assayCliOnTerminal } from '../support/assay-cli.ts';
import { createTenant, useWorld } from '../support/http-world.ts';
import { closedPort, json, startLocalHttp } from '../support/local-http.ts';

const world = useWorld(test, 'sqlite');

/** A fresh configuration folder, and the environment pointing the CLI at it with no key or URL of its own. */
async function setting() {
  const config = await mkdtemp(join(tmpdir(), 'assay-login-'));
  const env = { XDG_CONFIG_HOME: config, ASSAY_BASE_URL: '', ASSAY_API_KEY: '', NO_COLOR: '1' };
  const saved = () =>
    access(join(config, 'assay', 'config.json')).then(
      () => true,
      () => false,
    );
  return { env, saved, file: join(config, 'assay', 'config.json') };
}

test('login saves nothing unless the server answers as Assay, with a user of an organization', async (t) => {
  const impostor = await startLocalHttp((request, response) => {
    if (request.url === '/auth/user' && request.headers.authorization === 'Bearer assay_html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Welcome to nginx!</body></html>');
    } else json(response, 200, { ok: true });
  });
  t.teardown(impostor.close);
  const { env, saved } = await setting();
  for (const key of ['assay_html', 'assay_json']) {
    const outcome = await assayCli(['login', '--base-url', impostor.url, '--key', key], env);
    t.is(outcome.code, 2, outcome.stdout + outcome.stderr);
    t.regex(outcome.stderr, /does not answer as an Assay server: GET \/auth\/user gave 200 .*nothing was saved/);
  }
  t.regex((await assayCli(['login', '--base-url', impostor.url, '--key', 'assay_html'], env)).stderr, /nginx/);
  t.false(await saved());
});

test('login without a key: a pipe gives none (exit 2); --key - reads it from stdin; ASSAY_API_KEY still works', async (t) => {
  const { owner } = await createTenant(world());
  const key = owner.key ?? '';
  const { env, saved, file } = await setting();
  const none = await assayCli(['login', '--base-url', world().url], env, 120_000, { stdin: '' });
  t.is(none.code, 2);
  t.regex(none.stderr, /No API key given and stdin is not a terminal/);
  const empty = await assayCli(['login', '--base-url', world().url, '--key', '-'], env, 120_000, { stdin: '\n' });
  t.is(empty.code, 2);
  t.false(await saved(), 'nothing saved');

  const piped = await assayCli(['login', '--base-url', world().url, '--key', '-'], env, 120_000, {
    stdin: `${key}\n`,
  });
  t.is(piped.code, 0, piped.stderr);
  t.regex(piped.stdout, /Logged in to .* as owner@\S+ \(OWNER\) in organization_/);
  t.false(piped.stdout.includes(key), 'the key is not printed');
  t.is(JSON.parse(await readFile(file, 'utf8')).apiKey, key);

  const other = await setting();
  const fromEnv = await assayCli(['login'], { ...other.env, ASSAY_BASE_URL: world().url, ASSAY_API_KEY: key });
  t.is(fromEnv.code, 0, fromEnv.stderr);
  t.true(await other.saved());
});

test('on a terminal login asks for the key without echoing it; end of input saves nothing', async (t) => {
  const { owner } = await createTenant(world());
  const key = owner.key ?? '';
  const { env, saved } = await setting();
  const typed = await assayCliOnTerminal(['login', '--base-url', world().url], env, 120_000, {
    answers: [{ after: /API key: /, type: `${key}\r` }],
  });
  t.is(typed.code, 0, typed.stdout);
  t.regex(typed.stdout, /Logged in to/);
  t.false(typed.stdout.includes(key.slice(6)), 'the key never shows on the terminal');
  t.true(await saved());

  const quiet = await setting();
  const ended = await assayCliOnTerminal(['login'], quiet.env, 120_000, {
    answers: [{ after: /Base URL: /, type: '\u0004' }],
  });
  t.is(ended.code, 2, ended.stdout);
  t.regex(ended.stdout, /No base URL entered; nothing was saved/);
  t.false(await quiet.saved());
});

test('a server out of reach is named; a stale_version 409 is sent again, a duplicate is not', async (t) => {
  const port = await closedPort();
  const unreachable = await assayCli(['whoami'], { ASSAY_BASE_URL: `http://127.0.0.1:${port}`, ASSAY_API_KEY: 'k' });
  t.is(unreachable.code, 2);
  t.regex(
    unreachable.stderr,
    new RegExp(`Cannot reach the Assay API at http://127\\.0\\.0\\.1:${port}/auth/user \\(ECONNREFUSED\\)`),
  );

  const attempts = { stale: 0, duplicate: 0 };
  const racing = await startLocalHttp((request, response) => {
    const kind = request.headers.authorization === 'Bearer stale' ? 'stale' : 'duplicate';
    attempts[kind] += 1;
    if (kind === 'stale' && attempts.stale > 1)
      return json(response, 200, { email: 'ana@acme.example', role: 'OWNER', organizationId: 'organization_1' });
    const reason = kind === 'stale' ? 'stale_version' : 'duplicate';
    json(response, 409, { error: 'conflict', reason, message: `a ${reason} conflict` });
  });
  t.teardown(racing.close);
  const retried = await assayCli(['whoami'], { ASSAY_BASE_URL: racing.url, ASSAY_API_KEY: 'stale' });
  t.is(retried.code, 0, retried.stderr);
  t.regex(retried.stdout, /ana@acme\.example \(OWNER\)/);
  t.is(attempts.stale, 2);
  const refused = await assayCli(['whoami'], { ASSAY_BASE_URL: racing.url, ASSAY_API_KEY: 'duplicate' });
  t.is(refused.code, 2);
  t.regex(refused.stderr, /409 conflict a duplicate conflict/);
  t.is(attempts.duplicate, 1);
});

test('--version prints the version; every command has a description; --output refuses unknown formats', async (t) => {
  const manifest = JSON.parse(await readFile(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
  const version = await assayCli(['--version'], {});
  t.is(version.code, 0);
  t.is(version.stdout.trim(), manifest.version);

  const groups = ['products', 'versions', 'tests', 'test-cases', 'sessions', 'runs', 'evaluations', 'spans'];
  const helps = await Promise.all(
    [[], ...groups.map((group) => [group])].map((words) => assayCli([...words, '--help'], {})),
  );
  for (const [index, help] of helps.entries()) {
    t.is(help.code, 0, help.stderr);
    // A command's line starts two spaces in; a long description wraps onto lines indented further.
    const commands =
      help.stdout
        .split(/^Commands:$/m)[1]
        ?.split('\n')
        .filter((line) => /^ {2}\S/.test(line)) ?? [];
    t.true(commands.length > 0, help.stdout);
    for (const line of commands)
      t.regex(line, /^ {2}\S.*\S {2,}\S/, `${index ? groups[index - 1] : 'assay'}: "${line.trim()}" has a description`);
  }
  t.regex(helps[0]?.stdout ?? '', /^ {2}login .* {2,}Check an API key/m);

  const refused = await assayCli(['products', 'list', '--output', 'yaml'], {});
  t.is(refused.code, 2);
  t.regex(refused.stderr, /'yaml' is invalid.*table, json/s);
});
