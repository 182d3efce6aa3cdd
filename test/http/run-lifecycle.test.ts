import test from 'ava';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
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
 * Every transition of the run and launch state machines, and every refusal, over HTTP. One world scores and starts
 * launches with its embedded worker; the other has none, so launches stay QUEUED until the test starts them.
 */
for (const database of await httpDatabases()) {
  const world = useWorld(test, database);
  const idle = useWorld(test, database, { QUEUE_EMBEDDED_WORKER: false });
  const title = (text: string) => `[${database}] ${text}`;

  test(
    title('a LAUNCH run: RUNNING → COMPLETED when its launch is scored; its requests carry run and launch'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(world());
      const evaluations = (await evaluateSession(tenant.owner, { sessionId: fixture.sessions.a.id })).body;
      const { runId, launchId } = evaluations[0];
      t.true(runId.startsWith('run_') && launchId.startsWith('launch_'));
      t.true(evaluations.every((evaluation: any) => evaluation.runId === runId && evaluation.launchId === launchId));
      const turn = (
        await tenant.owner.post('/evaluations/fromInferenceResult', {
          inferenceResultId: fixture.sessions.b.results[0].id,
        })
      ).body;
      const batch = (
        await evaluateSessions(tenant.owner, { sessionIds: [fixture.sessions.a.id, fixture.sessions.b.id] })
      ).body;
      t.like(batch, { sessionsEvaluated: 2, evaluationsCreated: 3 });
      t.true(batch.runId.startsWith('run_') && batch.launchId.startsWith('launch_'));
      const runs = [runId, turn[0].runId, batch.runId];
      t.is(new Set(runs).size, 3, 'each request without runId opens its own run');
      const kinds = [];
      for (const id of runs) {
        const ended = await runEnded(tenant.owner, id);
        t.like(ended, { status: 'COMPLETED', openedBy: 'LAUNCH', productId: fixture.product.id });
        t.truthy(ended.finishedAt);
        t.like(ended.launches[0], { status: 'COMPLETED' });
        kinds.push(ended.launches[0].kind);
      }
      t.deepEqual(kinds, ['EVALUATE_SESSION', 'EVALUATE_INFERENCE_RESULT', 'EVALUATE_SESSION_BATCH']);
      t.deepEqual(
        (await tenant.owner.get('/runs', { ids: runs, sort: 'ordinal,asc' })).body.map((run: any) => run.ordinal),
        [1, 2, 3],
      );
    },
  );

  test(
    title('a CALLER run: launches join it, it stays RUNNING after they end, close → COMPLETED; then refusals'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(world());
      const run = await openRun(tenant.owner, { productId: fixture.product.id, versionId: fixture.version.id });
      const first = await evaluateSession(tenant.owner, { sessionId: fixture.sessions.a.id, runId: run.id });
      t.is(first.status, 201);
      const second = await evaluateSessions(tenant.owner, { sessionIds: [fixture.sessions.b.id], runId: run.id });
      t.like(second.body, { runId: run.id });
      const scored = await launchesEnded(tenant.owner, run.id);
      t.like(scored, { status: 'RUNNING', evaluationCount: 3, sessionCount: 2 });
      t.deepEqual(
        scored.launches.map((launch: any) => launch.status),
        ['COMPLETED', 'COMPLETED'],
      );
      const closed = await tenant.owner.post(`/runs/${run.id}/close`);
      t.is(closed.status, 200);
      t.like(closed.body, { status: 'COMPLETED', evaluationCount: 3 });
      t.truthy(closed.body.finishedAt);
      t.is(closed.body.launches.length, 2);

      const refusals = {
        closeAgain: await tenant.owner.post(`/runs/${run.id}/close`),
        launchInto: await evaluateSession(tenant.owner, { sessionId: fixture.sessions.a.id, runId: run.id }),
        cancelIn: await tenant.owner.post(`/runs/${run.id}/launches/${closed.body.launches[0].id}/cancel`),
      };
      for (const [name, response] of Object.entries(refusals)) {
        t.is(response.status, 409, name);
        t.is(response.body.error, 'conflict', name);
        t.regex(response.body.message, /COMPLETED/, name);
      }
      t.like((await tenant.owner.get(`/runs/${run.id}`)).body, { status: 'COMPLETED' }, 'refusals changed nothing');
    },
  );

  test(
    title('launching into a run: another product or version is 409 saying which; a LAUNCH run is 409'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(world());
      const other = await evaluationFixture(tenant.owner);
      const run = await openRun(tenant.owner, { productId: fixture.product.id, versionId: fixture.version.id });
      const product = await evaluateSession(tenant.owner, { sessionId: other.sessions.a.id, runId: run.id });
      t.is(product.status, 409);
      t.regex(product.body.message, /product/);
      const v2 = (await tenant.owner.post('/versions', { productId: fixture.product.id })).body;
      const session = (await tenant.owner.post('/sessions', { versionId: v2.id, testCaseId: fixture.testCases.a.id }))
        .body;
      const version = await evaluateSession(tenant.owner, { sessionId: session.id, runId: run.id });
      t.is(version.status, 409);
      t.regex(version.body.message, /version/);
      const launchRun = (await evaluateSession(tenant.owner, { sessionId: fixture.sessions.a.id })).body[0].runId;
      const intoLaunchRun = await evaluateSessions(tenant.owner, {
        sessionIds: [fixture.sessions.b.id],
        runId: launchRun,
      });
      t.is(intoLaunchRun.status, 409);
      t.regex(intoLaunchRun.body.message, /opened by a launch/);
      const closeLaunchRun = await tenant.owner.post(`/runs/${launchRun}/close`);
      t.is(closeLaunchRun.status, 409);
      t.regex(closeLaunchRun.body.message, /opened by a launch/);
      t.is((await tenant.owner.get('/evaluations', { runIds: run.id })).body.length, 0);
    },
  );

  test(
    title('cancel a RUNNING launch: scored work kept, PENDING → SKIPPED; LAUNCH run → CANCELLED; CALLER run stays'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(idle());
      const batch = (
        await evaluateSessions(tenant.owner, {
          sessionIds: [fixture.sessions.a.id, fixture.sessions.b.id],
          metrics: [{ id: fixture.metrics.exact.id }, { id: fixture.metrics.selfHosted.id, score: 0.3 }],
        })
      ).body;
      const cancelled = await tenant.owner.post(`/runs/${batch.runId}/launches/${batch.launchId}/cancel`);
      t.is(cancelled.status, 200);
      t.like(cancelled.body, { status: 'CANCELLED', evaluationCount: 4, sessionCount: 2 });
      t.like(cancelled.body.launches[0], { status: 'CANCELLED' });
      t.truthy(cancelled.body.finishedAt);
      const evaluations = (await tenant.owner.get('/evaluations', { launchIds: batch.launchId })).body;
      t.deepEqual(evaluations.map((evaluation: any) => evaluation.status).sort(), [
        'SKIPPED',
        'SKIPPED',
        'SUCCESS',
        'SUCCESS',
      ]);
      for (const evaluation of evaluations.filter((item: any) => item.status === 'SKIPPED'))
        t.like(evaluation, { error: 'launch cancelled', canRetry: true });
      const again = await tenant.owner.post(`/runs/${batch.runId}/launches/${batch.launchId}/cancel`);
      t.is(again.status, 409);

      const run = await openRun(tenant.owner, { productId: fixture.product.id });
      const launch = (
        await evaluateSessions(tenant.owner, {
          sessionIds: [fixture.sessions.a.id],
          metrics: [{ id: fixture.metrics.exact.id }],
          runId: run.id,
        })
      ).body;
      const closeWhileOpen = await tenant.owner.post(`/runs/${run.id}/close`);
      t.is(closeWhileOpen.status, 409);
      t.regex(closeWhileOpen.body.message, new RegExp(launch.launchId));
      const kept = await tenant.owner.post(`/runs/${run.id}/launches/${launch.launchId}/cancel`);
      t.like(kept.body, { status: 'RUNNING' });
      t.like(kept.body.launches[0], { status: 'CANCELLED' });
      t.like((await tenant.owner.post(`/runs/${run.id}/close`)).body, { status: 'COMPLETED' });
      const elsewhere = await tenant.owner.post(`/runs/${run.id}/launches/${batch.launchId}/cancel`);
      t.is(elsewhere.status, 404, 'a launch of another run');
      t.is((await tenant.owner.post(`/runs/${run.id}/launches/launch_nope/cancel`)).status, 404);
    },
  );

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
