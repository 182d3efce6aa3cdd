import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform } from '../../bootstrap/library.ts';
import { runScript } from '../support/processes.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, type HttpWorld, startWorld } from '../support/http-world.ts';
import { createInferenceResultFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

/** The worker's own sweep, on its timer, and the admin CLI's `sweep`: the same sweep as POST /maintenance/sweep. */
let folder: string;
test.before(async () => {
  folder = await mkdtemp(join(tmpdir(), 'assay-sweeper-'));
});
test.after.always(async () => rm(folder, { recursive: true, force: true }));

test('the embedded worker sweeps expired spans every RETENTION_SWEEP_SECONDS', async (t) => {
  const world = await startWorld('sqlite', { RETENTION_SWEEP_SECONDS: 1 });
  try {
    const tenant = await createTenant(world);
    await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { traceRetentionDays: 1 });
    const { inferenceResultId } = await createInferenceResultFor(world, tenant);
    const old = { id: uniqueSpanId('old'), inferenceResultId, name: 'old', startTime: '2020-01-01T00:00:00Z' };
    const fresh = { id: uniqueSpanId('fresh'), inferenceResultId, name: 'fresh', startTime: new Date().toISOString() };
    t.is((await postSpans(tenant.member, [old, fresh])).status, 201);
    // Polls until the sweeper ran; no assertion on how long it took.
    const deadline = Date.now() + 30_000;
    while ((await tenant.owner.get(`/traces/${old.id}`)).status !== 404 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    t.is((await tenant.owner.get(`/traces/${old.id}`)).status, 404);
    t.is((await tenant.owner.get(`/traces/${fresh.id}`)).status, 200);
    t.is((await tenant.owner.get(`/inferenceResults/${inferenceResultId}`)).status, 200);
  } finally {
    await world.close();
  }
});

test('npm run cli -- sweep purges soft-deleted records of the configured database', async (t) => {
  const database = `sqlite:${join(folder, 'cli.sqlite')}`;
  const platform = await createPlatform({ database, config: { QUEUE_EMBEDDED_WORKER: false } });
  const admin = await platform.useCases.ensurePlatformAdmin.execute();
  if (!admin) throw new Error('no admin');
  // Only the admin client of a world is needed to make a tenant.
  const world = { admin: new ApiClient(await platform.listen(0), admin.key) } as HttpWorld;
  const tenant = await createTenant(world);
  const { sessionId } = await createInferenceResultFor(world, tenant);
  t.is((await tenant.owner.delete(`/sessions/${sessionId}`)).status, 200);
  await platform.close();

  const bad = runScript('bootstrap/admin-cli.ts', ['sweep', '--purge-after-seconds', 'soon'], {
    DATABASE_URL: database,
  });
  t.is(await bad.exited(), 1);
  t.regex(bad.output(), /--purge-after-seconds must be a whole number/);
  const kept = runScript('bootstrap/admin-cli.ts', ['sweep'], { DATABASE_URL: database });
  t.is(await kept.exited(), 0, kept.output());
  t.regex(kept.output(), /Swept: 0 expired spans, 0 purged records\./);
  const cli = runScript('bootstrap/admin-cli.ts', ['sweep', '--purge-after-seconds', '0'], { DATABASE_URL: database });
  t.is(await cli.exited(), 0, cli.output());
  t.regex(cli.output(), /Swept: 0 expired spans, 2 purged records\./);

  const reopened = await createPlatform({ database, config: { QUEUE_EMBEDDED_WORKER: false } });
  try {
    t.is(await reopened.ports.sessions.get(tenant.organizationId, sessionId, { includeDeleted: true }), null);
  } finally {
    await reopened.close();
  }
});
