import test from 'ava';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';
import { httpDatabases, useWorld } from '../support/http-world.ts';
import { evaluateSession, evaluateSessions, launchesEnded, openRun, runEnded } from '../support/run-fixtures.ts';

/**
 * The run and launch state machines over HTTP: LAUNCH and CALLER runs, launching into a run, cancelling. One world
 * scores and starts launches with its embedded worker; the other has none, so launches stay QUEUED until started.
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
}
