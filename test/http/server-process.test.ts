import test from 'ava';
import { copyFile, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client.ts';
import { freePort, killRunning, runCommand, runScript } from '../support/processes.ts';

let folder: string;
test.before(async () => {
  folder = await mkdtemp(join(tmpdir(), 'assay-process-'));
});
test.afterEach.always(() => killRunning());
test.after.always(async () => rm(folder, { recursive: true, force: true }));

test.serial(
  'npm start prints the first admin key once, keeps data across restarts, and stops cleanly on SIGTERM',
  async (t) => {
    const env = {
      DATABASE_URL: `sqlite:${join(folder, 'restart.sqlite')}`,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
    const first = runScript('bootstrap/server.ts', [], env);
    const [, key] = await first.waitFor(/admin API key \(shown only this once; store it now\): (assay_[A-Za-z0-9]+)/);
    await first.waitFor(/Assay listening/);
    const client = new ApiClient(`http://127.0.0.1:${env.PORT}`, key);
    const created = await client.post('/organizations', { name: 'Survives' });
    t.is(created.status, 201);
    await first.waitFor(/"requestId":/, 10_000);
    t.false(
      first
        .output()
        .split('\n')
        .filter((line) => line.includes('"requestId"'))
        .some((line) => line.includes(key.slice(6))),
      'logs carry no key',
    );
    first.child.kill('SIGTERM');
    t.is(await first.exited(), 0);
    t.regex(first.output(), /stopped/);

    const second = runScript('bootstrap/server.ts', [], env);
    await second.waitFor(/Assay listening/);
    t.notRegex(second.output(), /admin API key/);
    const read = await client.get(`/organizations/${created.body.id}`);
    t.is(read.status, 200);
    t.is(read.body.name, 'Survives');

    const cli = runScript(
      'bootstrap/admin-cli.ts',
      ['create-key', '--email', 'admin@assay.local', '--name', 'from cli'],
      env,
    );
    t.is(await cli.exited(), 0);
    const [, cliKey] = /\n(assay_[A-Za-z0-9]+)\n/.exec(cli.output()) ?? [];
    t.truthy(cliKey, cli.output());
    t.is((await client.as(cliKey).get('/auth/user')).status, 200);
    second.child.kill('SIGTERM');
    t.is(await second.exited(), 0);
  },
);

test.serial('ASSAY_ADMIN_API_KEY presets the first admin key', async (t) => {
  const preset = `assay_${'Deploy42'.repeat(5)}`;
  const env = {
    DATABASE_URL: `sqlite:${join(folder, 'preset.sqlite')}`,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    ASSAY_ADMIN_API_KEY: preset,
  };
  const server = runScript('bootstrap/server.ts', [], env);
  await server.waitFor(/Assay listening/);
  t.regex(server.output(), /preset in ASSAY_ADMIN_API_KEY/);
  t.false(server.output().includes(preset), 'the preset key is not echoed');
  t.is((await new ApiClient(`http://127.0.0.1:${env.PORT}`, preset).get('/auth/user')).body.role, 'ADMIN');
  server.child.kill('SIGTERM');
  t.is(await server.exited(), 0);
});

test.serial('a bad setting stops start-up with a message naming it', async (t) => {
  const server = runScript('bootstrap/server.ts', [], {
    PORT: 'eighty',
    DATABASE_URL: `sqlite:${join(folder, 'bad.sqlite')}`,
  });
  t.is(await server.exited(), 1);
  t.regex(server.output(), /Invalid configuration: PORT/);
});

test.serial('npm start serves from the dist/ npm install built, without compiling', async (t) => {
  t.timeout(10 * 60_000);
  // npm install built dist/; a checkout changed since then is brought up to date first (not part of the start).
  t.is(await runCommand('node', ['scripts/dist-current.mjs'], {}).exited(), 0);
  const env = {
    DATABASE_URL: `sqlite:${join(folder, 'start.sqlite')}`,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
  };
  const server = runCommand('npm', ['start'], env);
  t.teardown(() => server.child.kill('SIGTERM'));
  await server.waitFor(/Assay listening/, 90_000);
  t.notRegex(server.output(), /compiling/, 'a current dist/ is served as it is');
  t.is((await new ApiClient(`http://127.0.0.1:${env.PORT}`).get('/health')).status, 200);
  server.child.kill('SIGTERM');
  await server.exited();
});

test.serial('the start check says compiling… and builds only when a source changed since the last build', async (t) => {
  // A scratch checkout with the real check and a stand-in build (the real one takes minutes).
  const checkout = join(folder, 'checkout');
  await mkdir(join(checkout, 'scripts'), { recursive: true });
  await mkdir(join(checkout, 'domain'));
  await copyFile(
    join(import.meta.dirname, '..', '..', 'scripts', 'dist-current.mjs'),
    join(checkout, 'scripts', 'dist-current.mjs'),
  );
  const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});console.log('built')" && node scripts/dist-current.mjs --stamp`;
  await writeFile(
    join(checkout, 'package.json'),
    JSON.stringify({ name: 'scratch', scripts: { 'build:dist': build } }),
  );
  await writeFile(join(checkout, 'domain', 'rule.ts'), 'export const rule = 1;\n');
  const check = async () => {
    const run = runCommand('node', ['scripts/dist-current.mjs'], {}, { cwd: checkout });
    t.is(await run.exited(), 0, run.output());
    return run.output();
  };
  t.regex(await check(), /^compiling… \(dist\/ is not built yet\)\n[\s\S]*built/);
  t.is(await check(), '', 'current: nothing to say, nothing built');
  const later = new Date(Date.now() + 60_000);
  await utimes(join(checkout, 'domain', 'rule.ts'), later, later);
  t.regex(await check(), /^compiling… \(sources changed since the last build\)\n[\s\S]*built/);
});

test.serial('npm run cli -- --help prints the admin usage', async (t) => {
  const help = runCommand('npm', ['run', '--silent', 'cli', '--', '--help'], {});
  t.is(await help.exited(), 0, help.output());
  t.regex(help.output(), /^Usage: npm run cli -- <command>/m);
  t.regex(help.output(), /create-key --email/);
  const wrong = runCommand('npm', ['run', '--silent', 'cli', '--', '--no-such-option'], {});
  t.is(await wrong.exited(), 2);
  t.regex(wrong.output(), /Unknown option '--no-such-option'[\s\S]*Usage:/);
});
