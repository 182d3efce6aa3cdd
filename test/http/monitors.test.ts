import test from 'ava';
import { createTenant } from '../support/http-world.ts';
import { monitorEvaluations, monitorScene, monitorWhen, monitorWorlds } from '../support/monitor-scene.ts';

/** Monitors over HTTP on each database: the record, discovery of ready sessions, sampling, filters, status rules. */
const { worlds } = await monitorWorlds(test, { config: { EVALUATION_LLM_JUDGE_CREDITS: 1 } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const { world, title } of worlds) {
  const tick = () => world().platform.useCases!.discoverMonitorSessions.execute();

  test.serial(title('a monitor is created, listed, changed and deleted; bad input is refused'), async (t) => {
    const scene = await monitorScene(world());
    const { owner, member } = scene.tenant;
    const monitor = await scene.monitor({ name: 'Quality', samplingPercentage: undefined });
    t.regex(monitor.id, /^monitor_/);
    t.like(monitor, { status: 'ACTIVE', samplingPercentage: 10, idleSeconds: 1800, monthlyCreditCap: null });
    t.like(monitor, { creditsUsedThisMonth: 0, evaluationCount: 0, statusReason: null, contentFilter: null });
    const base = { name: 'Other', productId: scene.product.id, metricIds: [scene.metrics.llm.id] };
    for (const source of ['human', 'selfHosted'] as const) {
      const refused = await owner.post('/monitors', { ...base, metricIds: [scene.metrics[source].id] });
      t.is(refused.status, 400, source);
      t.is(refused.body.error, 'invalid_input');
    }
    t.is((await owner.post('/monitors', { ...base, metricIds: ['metric_nope'] })).status, 404);
    for (const samplingPercentage of [0, 100.5, -1])
      t.is((await owner.post('/monitors', { ...base, samplingPercentage })).status, 400);
    const many = Array.from({ length: 51 }, (_, index) => `term ${index}`);
    t.is((await owner.post('/monitors', { ...base, contentFilter: { include: many } })).status, 400);
    t.is((await owner.post('/monitors', { ...base, contentFilter: { exclude: ['x'.repeat(201)] } })).status, 400);
    t.is((await owner.post('/monitors', { ...base, idleSeconds: 86_401 })).status, 400);
    t.is((await owner.post('/monitors', { ...base, name: 'Quality' })).status, 409);
    t.is((await owner.post('/monitors', { ...base, metricIds: [] })).status, 400);
    const listed = await member.get('/monitors', { productIds: scene.product.id, names: 'Quality' });
    t.deepEqual(
      listed.body.map((row: { id: string }) => row.id),
      [monitor.id],
    );
    t.is((await member.get('/monitors', { statuses: 'BOGUS' })).status, 400);
    const changed = await member.patch(`/monitors/${monitor.id}`, { samplingPercentage: 50, status: 'PAUSED' });
    t.is(changed.status, 200);
    t.like(changed.body, { samplingPercentage: 50, status: 'PAUSED' });
    t.is((await member.patch(`/monitors/${monitor.id}`, { status: 'CAPPED' })).status, 400);

    const stranger = await createTenant(world());
    t.is((await stranger.owner.get(`/monitors/${monitor.id}`)).status, 404);
    t.is((await stranger.owner.patch(`/monitors/${monitor.id}`, { name: 'Mine' })).status, 404);
    t.is(
      (
        await stranger.owner.post(`/monitors/${monitor.id}/backfill`, {
          from: monitor.createdAt,
          to: monitor.createdAt,
        })
      ).status,
      404,
    );
    t.is((await stranger.owner.get(`/monitors/${monitor.id}/alerts`)).status, 404);
    t.is((await stranger.owner.delete(`/monitors/${monitor.id}`)).status, 404);
    const foreign = await stranger.owner.post('/monitors', { ...base, name: 'Theirs' });
    t.is(foreign.status, 404, "another organization's product and metrics are unknown");
    t.is((await member.delete(`/monitors/${monitor.id}`)).status, 200);
    t.is((await member.get(`/monitors/${monitor.id}`)).status, 404);
  });

  test.serial(
    title('ready sessions are scored once: completed and idle; not production, failed, other products'),
    async (t) => {
      const scene = await monitorScene(world());
      const monitor = await scene.monitor({ idleSeconds: 1 });
      const otherProduct = await scene.tenant.owner.post('/products', { name: `Other ${Math.random()}` });
      const otherVersion = await scene.tenant.owner.post('/versions', { productId: otherProduct.body.id, name: 'v1' });
      const completed = await scene.session('completed');
      const idle = await scene.session('idle', { end: 'none' });
      await scene.session('test traffic', { production: false });
      await scene.session('failed', { end: 'fail' });
      await scene.session('elsewhere', { versionId: otherVersion.body.id });
      await pause(1200);
      await tick();
      await tick();
      const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
      t.deepEqual(evaluations.map((evaluation) => evaluation.sessionId).sort(), [completed, idle].sort());
      for (const evaluation of evaluations)
        t.like(evaluation, { status: 'SUCCESS', runId: null, monitorId: monitor.id });
      const settled = await monitorWhen(scene.tenant.member, monitor.id, (row) => row.creditsUsedThisMonth === 2);
      t.like(settled, { evaluationCount: 2, creditsUsedThisMonth: 2 });
    },
  );

  test.serial(title('sampling is deterministic: a backfill queues the same sessions, and nothing twice'), async (t) => {
    const scene = await monitorScene(world());
    const from = new Date(Date.now() - 1000).toISOString();
    const sessions = [];
    for (let index = 0; index < 24; index += 1) sessions.push(await scene.session(`question ${index}`));
    const monitor = await scene.monitor({ samplingPercentage: 50 });
    const to = new Date().toISOString();
    const first = await scene.tenant.member.post(`/monitors/${monitor.id}/backfill`, { from, to });
    t.is(first.status, 202);
    t.true(first.body.queued > 0 && first.body.queued < 24, `queued ${first.body.queued}`);
    t.deepEqual((await scene.tenant.member.post(`/monitors/${monitor.id}/backfill`, { from, to })).body, { queued: 0 });
    await tick();
    const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
    t.is(evaluations.length, first.body.queued);
    const tooLong = { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' };
    t.is((await scene.tenant.member.post(`/monitors/${monitor.id}/backfill`, tooLong)).status, 400);
  });

  test.serial(title('the content filter includes and excludes by the turns’ words'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({
      contentFilter: { include: ['REFUND'], exclude: ['test order'], field: 'INPUT' },
    });
    const wanted = await scene.session('I want a refund please');
    await scene.session('refund for my test order');
    await scene.session('hello there');
    await tick();
    const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
    t.deepEqual(
      evaluations.map((evaluation) => evaluation.sessionId),
      [wanted],
    );
  });

  test.serial(title('a PAUSED monitor scores nothing, not even later'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({});
    await scene.tenant.member.patch(`/monitors/${monitor.id}`, { status: 'PAUSED' });
    await scene.session('while paused');
    await tick();
    t.is((await scene.tenant.member.patch(`/monitors/${monitor.id}`, { status: 'ACTIVE' })).body.status, 'ACTIVE');
    await tick();
    t.deepEqual(await monitorEvaluations(scene.tenant.member, monitor.id), []);
    const after = await scene.session('after resuming');
    await tick();
    t.deepEqual(
      (await monitorEvaluations(scene.tenant.member, monitor.id)).map((evaluation) => evaluation.sessionId),
      [after],
    );
  });

  test.serial(title('the monthly cap turns the monitor CAPPED; raising it makes it ACTIVE'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({ monthlyCreditCap: 2 });
    for (let index = 0; index < 4; index += 1) await scene.session(`capped ${index}`);
    await tick();
    t.is((await monitorEvaluations(scene.tenant.member, monitor.id)).length, 2);
    const capped = await monitorWhen(scene.tenant.member, monitor.id, (row) => row.creditsUsedThisMonth === 2);
    t.like(capped, { status: 'CAPPED', creditsUsedThisMonth: 2 });
    t.regex(capped.statusReason, /cap/);
    const raised = await scene.tenant.member.patch(`/monitors/${monitor.id}`, { monthlyCreditCap: 10 });
    t.like(raised.body, { status: 'ACTIVE', statusReason: null });
    await scene.session('after raising');
    await tick();
    t.is((await monitorEvaluations(scene.tenant.member, monitor.id)).length, 3);
  });

  test.serial(title('an organization out of credits turns the monitor NO_CREDITS until credits return'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({});
    const credits = (remainingSubscriptionCredits: number) =>
      world().admin.patch(`/organizations/${scene.tenant.organizationId}`, {
        remainingSubscriptionCredits,
        extraCredits: 0,
      });
    await credits(0);
    await tick();
    t.is((await scene.tenant.member.get(`/monitors/${monitor.id}`)).body.status, 'NO_CREDITS');
    await credits(100);
    await tick();
    t.is((await scene.tenant.member.get(`/monitors/${monitor.id}`)).body.status, 'ACTIVE');
  });

  test.serial(title('ten failed evaluations in a row turn the monitor FAILING until a user sets ACTIVE'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({ metricIds: [scene.metrics.garbage.id] });
    for (let index = 0; index < 10; index += 1) await scene.session(`failing ${index}`);
    await tick();
    const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
    t.true(evaluations.every((evaluation) => evaluation.status === 'FAILED'));
    const failing = await monitorWhen(scene.tenant.member, monitor.id, (row) => row.status === 'FAILING');
    t.is(failing.status, 'FAILING');
    t.regex(failing.statusReason, /10 evaluations failed in a row/);
    const resumed = await scene.tenant.member.patch(`/monitors/${monitor.id}`, { status: 'ACTIVE' });
    t.like(resumed.body, { status: 'ACTIVE', statusReason: null });
  });

  test.serial(title('two workers and a backfill at once queue each session once'), async (t) => {
    const scene = await monitorScene(world());
    const from = new Date(Date.now() - 1000).toISOString();
    const monitor = await scene.monitor({});
    for (let index = 0; index < 6; index += 1) await scene.session(`race ${index}`);
    const backfill = scene.tenant.member.post(`/monitors/${monitor.id}/backfill`, {
      from,
      to: new Date().toISOString(),
    });
    await Promise.all([tick(), tick(), backfill]);
    await tick();
    const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
    t.is(evaluations.length, 6);
    t.is(new Set(evaluations.map((evaluation) => evaluation.sessionId)).size, 6);
  });
}
