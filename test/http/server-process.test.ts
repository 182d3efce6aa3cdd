import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client.ts';
import { freePort, killRunning, runScript } from '../support/processes.ts';

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
