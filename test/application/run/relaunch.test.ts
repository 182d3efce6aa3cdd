import test from 'ava';
import { Conflict, IllegalTransition, InvalidInput } from '../../../domain/errors.ts';
import { owner, runWorld } from './run-world.ts';

test('relaunch: a new LAUNCH run whose QUEUED launches re-score the same sessions with the same metrics', async (t) => {
  const world = await runWorld();
  const run = await world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'nightly' });
  await world.useCases.evaluateSessions.execute(owner, {
    runId: run.id,
    sessionIds: [world.sessions.a.id, world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }, { id: world.metrics.self.id, score: 0.25 }],
  });
  await world.useCases.evaluateSession.execute(
    owner,
    {
      inferenceResultId: (
        await world.useCases.listInferenceResults.execute(owner, { sessionIds: [world.sessions.c.id] })
      )[0].id,
    },
    { runId: run.id, metrics: [{ id: world.metrics.exact.id }] },
  );
  await t.throwsAsync(world.useCases.relaunchRun.execute(owner, run.id, {}), { instanceOf: IllegalTransition });
  await world.work();
  await world.useCases.closeRun.execute(owner, run.id);
  await t.throwsAsync(world.useCases.relaunchRun.execute(owner, run.id, { versionId: world.versions.v2.id }), {
    instanceOf: InvalidInput,
  });

  const relaunched = await world.useCases.relaunchRun.execute(owner, run.id, {});
  t.like(relaunched, {
    openedBy: 'LAUNCH',
    relaunchedFromRunId: run.id,
    status: 'RUNNING',
    ordinal: 2,
    customId: null,
    evaluationCount: 0,
  });
  t.deepEqual(
    relaunched.launches.map((launch) => [launch.kind, launch.status]),
    [
      ['EVALUATE_SESSION_BATCH', 'QUEUED'],
      ['EVALUATE_INFERENCE_RESULT', 'QUEUED'],
    ],
  );
  await world.startLaunches();
  const started = await world.useCases.getRun.execute(owner, relaunched.id);
  t.like(started, { evaluationCount: 5, sessionCount: 3 });
  t.deepEqual(
    started.launches.map((launch) => [launch.status, launch.evaluationCount]),
    [
      ['RUNNING', 4],
      ['RUNNING', 1],
    ],
  );
  const again = await world.useCases.listEvaluations.execute(owner, { runIds: [relaunched.id] });
  const key = (evaluation: { sessionId: string; metricId: string; inferenceResultId: string | null }) =>
    `${evaluation.sessionId}/${evaluation.metricId}/${evaluation.inferenceResultId}`;
  const before = await world.useCases.listEvaluations.execute(owner, { runIds: [run.id] });
  t.deepEqual(again.map(key).sort(), before.map(key).sort());
  t.like(
    again.find((evaluation) => evaluation.metricId === world.metrics.self.id),
    { status: 'SUCCESS', score: 0.25 },
  );
  await world.startLaunches();
  t.is((await world.useCases.listEvaluations.execute(owner, { runIds: [relaunched.id] })).length, 5, 'started once');
  await world.work();
  t.like(await world.useCases.getRun.execute(owner, relaunched.id), { status: 'COMPLETED' });
  t.like(await world.useCases.getRun.execute(owner, run.id), { status: 'COMPLETED' }, 'the source is untouched');
});

test('relaunch refuses a run that covered no session; a cancelled QUEUED launch is never started', async (t) => {
  const world = await runWorld();
  const empty = await world.useCases.createRun.execute(owner, { productId: world.product.id });
  await world.useCases.closeRun.execute(owner, empty.id);
  await t.throwsAsync(world.useCases.relaunchRun.execute(owner, empty.id, {}), {
    instanceOf: Conflict,
    message: /covered no session/,
  });
  const report = await world.scoredRun();
  const relaunched = await world.useCases.relaunchRun.execute(owner, report.runId, {});
  const cancelled = await world.useCases.cancelLaunch.execute(owner, relaunched.id, relaunched.launches[0].id);
  t.like(cancelled, { status: 'CANCELLED' });
  await world.startLaunches();
  t.deepEqual(await world.useCases.listEvaluations.execute(owner, { runIds: [relaunched.id] }), []);
});

test('a relaunched launch whose source is gone by the time it starts ends FAILED, and its run with it', async (t) => {
  const world = await runWorld();
  const report = await world.scoredRun();
  const relaunched = await world.useCases.relaunchRun.execute(owner, report.runId, {});
  await world.useCases.deleteRun.execute(owner, report.runId);
  await world.startLaunches();
  const failed = await world.useCases.getRun.execute(owner, relaunched.id);
  t.like(failed, { status: 'FAILED' });
  t.like(failed.launches[0], { status: 'FAILED' });
  t.regex(failed.launches[0].error!, /no longer exists/);
});

test('metric summary: per metric, counts by status and mean/min/max of what was scored', async (t) => {
  const world = await runWorld();
  const report = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id, world.sessions.b.id, world.sessions.c.id],
    metrics: [{ id: world.metrics.self.id, score: 0.5 }, { id: world.metrics.judged.id }],
  });
  const scoring = world.work();
  await world.judge.held(3);
  world.judge.release();
  await scoring;
  const summary = await world.useCases.getMetricSummary.execute(owner, report.runId);
  t.deepEqual(
    summary.map(({ metricName, evaluations, scored, mean, min, max, byStatus }) => ({
      metricName,
      evaluations,
      scored,
      mean: mean === null ? null : Number(mean.toFixed(9)),
      min,
      max,
      success: byStatus.SUCCESS,
    })),
    [
      { metricName: 'judged', evaluations: 3, scored: 3, mean: 0.7, min: 0.7, max: 0.7, success: 3 },
      { metricName: 'self', evaluations: 3, scored: 3, mean: 0.5, min: 0.5, max: 0.5, success: 3 },
    ],
  );
  await world.useCases.deleteMetric.execute(owner, world.metrics.self.id);
  t.deepEqual(
    (await world.useCases.getMetricSummary.execute(owner, report.runId)).map((entry) => entry.metricName),
    ['judged', 'self'],
    'a deleted metric keeps its name',
  );
});
