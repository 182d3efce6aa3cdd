import test from 'ava';
import { settled } from '../support/evaluation-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';
import { httpDatabases, useWorld } from '../support/http-world.ts';
import {
  evaluateSession,
  evaluateSessions,
  launchesEnded,
  openRun,
  runEnded,
  runUntil,
} from '../support/run-fixtures.ts';

/**
 * Relaunching runs and the metric summary over HTTP. One world scores and starts launches with its embedded worker;
 * the other has none, so launches stay QUEUED until the test starts them.
 */
for (const database of await httpDatabases()) {
  const world = useWorld(test, database);
  const idle = useWorld(test, database, { QUEUE_EMBEDDED_WORKER: false });
  const title = (text: string) => `[${database}] ${text}`;

  test(
    title('relaunch → 202: QUEUED launches; cancel one while QUEUED; a started one re-scores the same sessions'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(idle());
      const run = await openRun(tenant.owner, { productId: fixture.product.id, customId: 'weekly' });
      const first = (
        await evaluateSessions(tenant.owner, {
          runId: run.id,
          sessionIds: [fixture.sessions.a.id, fixture.sessions.b.id],
          metrics: [{ id: fixture.metrics.selfHosted.id, score: 0.6 }],
        })
      ).body;
      await evaluateSession(tenant.owner, {
        runId: run.id,
        sessionId: fixture.sessions.empty.id,
        metrics: [{ id: fixture.metrics.selfHosted.id, score: 0.2 }],
      });
      const whileRunning = await tenant.owner.post(`/runs/${run.id}/relaunch`);
      t.is(whileRunning.status, 409);
      t.regex(whileRunning.body.message, /RUNNING/);
      t.is((await tenant.owner.post(`/runs/${run.id}/close`)).status, 200);
      const versioned = await tenant.owner.post(`/runs/${run.id}/relaunch`, { versionId: fixture.version.id });
      t.is(versioned.status, 400);
      t.is(versioned.body.issues[0].path, 'versionId');
      t.is((await tenant.owner.post(`/runs/${run.id}/relaunch`, { other: true })).status, 400);

      const relaunched = await tenant.owner.post(`/runs/${run.id}/relaunch`, { useCurrentTestCases: true });
      t.is(relaunched.status, 202);
      t.like(relaunched.body, {
        openedBy: 'LAUNCH',
        relaunchedFromRunId: run.id,
        status: 'RUNNING',
        productId: fixture.product.id,
        ordinal: 2,
        customId: null,
        evaluationCount: 0,
      });
      const [batchLaunch, singleLaunch] = relaunched.body.launches;
      t.like(batchLaunch, { kind: 'EVALUATE_SESSION_BATCH', status: 'QUEUED', startedAt: null });
      const sourceLaunches = (await tenant.owner.get(`/runs/${run.id}`)).body.launches;
      t.is(sourceLaunches[0].id, first.launchId);
      t.deepEqual(batchLaunch.request, sourceLaunches[0].request, 'a relaunched launch shows the request it repeats');
      const cancelledQueued = await tenant.owner.post(`/runs/${relaunched.body.id}/launches/${singleLaunch.id}/cancel`);
      t.like(cancelledQueued.body.launches[1], { status: 'CANCELLED', startedAt: null });
      t.like(cancelledQueued.body, { status: 'RUNNING' }, 'one launch is still QUEUED');

      await idle().platform.useCases!.runLaunches.executeBatch([
        { organizationId: tenant.organizationId, launchId: batchLaunch.id },
        { organizationId: tenant.organizationId, launchId: singleLaunch.id },
      ]);
      const done = await runEnded(tenant.owner, relaunched.body.id);
      t.like(done, { status: 'COMPLETED', evaluationCount: 2, sessionCount: 2 });
      t.like(done.launches[0], { status: 'COMPLETED', evaluationCount: 2 });
      t.like(done.launches[1], { status: 'CANCELLED', evaluationCount: 0 });
      const rescored = (await tenant.owner.get('/evaluations', { runIds: relaunched.body.id })).body;
      t.deepEqual(
        rescored.map((evaluation: any) => evaluation.sessionId).sort(),
        [fixture.sessions.a.id, fixture.sessions.b.id].sort(),
      );
      t.true(rescored.every((evaluation: any) => evaluation.status === 'SUCCESS' && evaluation.score === 0.6));
      t.is(
        (await tenant.owner.post(`/runs/${relaunched.body.id}/relaunch`)).status,
        202,
        'an ended relaunch relaunches',
      );
    },
  );

  test(
    title('a relaunched launch that cannot run ends FAILED, its run FAILED; a CANCELLED run relaunches too'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(idle());
      const source = (
        await evaluateSession(tenant.owner, {
          sessionId: fixture.sessions.a.id,
          metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
        })
      ).body[0].runId;
      t.like((await tenant.owner.get(`/runs/${source}`)).body, { status: 'COMPLETED' });
      const relaunched = (await tenant.owner.post(`/runs/${source}/relaunch`)).body;
      t.is((await tenant.owner.delete(`/runs/${source}`)).status, 200);
      await idle().platform.useCases!.runLaunches.executeBatch([
        { organizationId: tenant.organizationId, launchId: relaunched.launches[0].id },
      ]);
      const failed = (await tenant.owner.get(`/runs/${relaunched.id}`)).body;
      t.like(failed, { status: 'FAILED' });
      t.like(failed.launches[0], { status: 'FAILED' });
      t.regex(failed.launches[0].error, /no longer exists/);
      t.is((await tenant.owner.post(`/runs/${relaunched.id}/launches/${failed.launches[0].id}/cancel`)).status, 409);
      t.is((await tenant.owner.post(`/runs/${relaunched.id}/relaunch`)).status, 409, 'it covered no session');

      const cancelledRun = (
        await evaluateSessions(tenant.owner, {
          sessionIds: [fixture.sessions.b.id],
          metrics: [{ id: fixture.metrics.exact.id }],
        })
      ).body;
      await tenant.owner.post(`/runs/${cancelledRun.runId}/launches/${cancelledRun.launchId}/cancel`);
      t.like((await tenant.owner.get(`/runs/${cancelledRun.runId}`)).body, { status: 'CANCELLED', sessionCount: 1 });
      t.is((await tenant.owner.post(`/runs/${cancelledRun.runId}/relaunch`)).status, 202);
    },
  );

  test(title('relaunch refuses a run that covered more than 1000 sessions'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(idle());
    const { ports } = idle().platform;
    const template = (await ports.sessions.get(tenant.organizationId, fixture.sessions.a.id))!;
    await ports.sessions.insertMany(
      Array.from({ length: 1000 }, (_, index) => ({
        ...template,
        id: `session_many_${database}_${String(index).padStart(4, '0')}`,
      })),
    );
    const run = await openRun(tenant.owner, { productId: fixture.product.id });
    const many = await evaluateSessions(tenant.owner, {
      runId: run.id,
      versionId: fixture.version.id,
      metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
    });
    t.like(many.body, { sessionsEvaluated: 1000, truncated: true });
    await evaluateSession(tenant.owner, {
      runId: run.id,
      sessionId: `session_many_${database}_0999`,
      metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
    });
    t.like((await tenant.owner.post(`/runs/${run.id}/close`)).body, { status: 'COMPLETED', sessionCount: 1001 });
    const refused = await tenant.owner.post(`/runs/${run.id}/relaunch`);
    t.is(refused.status, 409);
    t.regex(refused.body.message, /1001 sessions/);
  });

  test(title('metricSummary: per metric, counts by status and mean/min/max of the scores'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(world());
    const run = await openRun(tenant.owner, { productId: fixture.product.id });
    const wrong = (
      await tenant.owner.post('/sessions', { versionId: fixture.version.id, testCaseId: fixture.testCases.a.id })
    ).body;
    await tenant.owner.post('/inferenceResults', { sessionId: wrong.id, input: 'Capital of France?', output: 'Lyon' });
    await evaluateSessions(tenant.owner, {
      runId: run.id,
      sessionIds: [fixture.sessions.a.id, fixture.sessions.b.id, wrong.id],
      metrics: [{ id: fixture.metrics.exact.id }, { id: fixture.metrics.human.id }],
    });
    await evaluateSession(tenant.owner, {
      runId: run.id,
      sessionId: fixture.sessions.imported.id,
      metrics: [{ id: fixture.metrics.exact.id }],
    });
    await settled(tenant.owner, { runIds: run.id });
    await launchesEnded(tenant.owner, run.id);
    const summary = await tenant.owner.get(`/runs/${run.id}/metricSummary`);
    t.is(summary.status, 200);
    const byName = Object.fromEntries(summary.body.map((entry: any) => [entry.metricName, entry]));
    t.deepEqual(byName[fixture.metrics.exact.name], {
      metricId: fixture.metrics.exact.id,
      metricName: fixture.metrics.exact.name,
      evaluations: 4,
      scored: 3,
      mean: 2 / 3,
      min: 0,
      max: 1,
      byStatus: { PENDING: 0, PENDING_HUMAN: 0, SUCCESS: 3, FAILED: 0, SKIPPED: 1 },
    });
    t.like(byName[fixture.metrics.human.name], {
      evaluations: 3,
      scored: 0,
      mean: null,
      min: null,
      max: null,
      byStatus: { PENDING_HUMAN: 3, SUCCESS: 0 },
    });
    const empty = await openRun(tenant.owner, { productId: fixture.product.id });
    t.deepEqual((await tenant.owner.get(`/runs/${empty.id}/metricSummary`)).body, []);
    await runUntil(tenant.owner, run.id, (value) => value.evaluationCount === 7);
  });
}
