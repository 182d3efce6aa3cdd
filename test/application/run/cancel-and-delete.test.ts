import test from 'ava';
import { IllegalTransition, NotFound } from '../../../domain/errors.ts';
import { owner, runWorld, stranger } from './run-world.ts';

test('cancel: PENDING evaluations become SKIPPED and retryable, scored ones stay; the LAUNCH run ends CANCELLED', async (t) => {
  const world = await runWorld();
  const report = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id, world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }, { id: world.metrics.self.id, score: 0.5 }],
  });
  const jobs = world.jobQueue.drain();
  world.clock.advance(1000);
  const run = await world.useCases.cancelLaunch.execute(owner, report.runId, report.launchId);
  t.like(run, { status: 'CANCELLED', finishedAt: world.clock.now() });
  t.like(run.launches[0], { status: 'CANCELLED', finishedAt: world.clock.now() });
  const evaluations = await world.useCases.listEvaluations.execute(owner, { launchIds: [report.launchId] });
  t.deepEqual(evaluations.map((evaluation) => evaluation.status).sort(), ['SKIPPED', 'SKIPPED', 'SUCCESS', 'SUCCESS']);
  for (const skipped of evaluations.filter((evaluation) => evaluation.status === 'SKIPPED'))
    t.like(skipped, { error: 'launch cancelled', canRetry: true, evaluatedAt: world.clock.now() });
  await world.useCases.scoreEvaluation.executeBatch(jobs);
  t.deepEqual(
    (await world.useCases.listEvaluations.execute(owner, { launchIds: [report.launchId] }))
      .map((evaluation) => evaluation.status)
      .sort(),
    ['SKIPPED', 'SKIPPED', 'SUCCESS', 'SUCCESS'],
    'the jobs delivered after the cancel score nothing',
  );
  await t.throwsAsync(world.useCases.cancelLaunch.execute(owner, report.runId, report.launchId), {
    instanceOf: IllegalTransition,
  });
});

test('cancel while a worker is judging: the held verdict is never written, nothing stays PENDING', async (t) => {
  const world = await runWorld();
  const run = await world.useCases.createRun.execute(owner, { productId: world.product.id });
  const report = await world.useCases.evaluateSessions.execute(owner, {
    runId: run.id,
    sessionIds: [world.sessions.a.id, world.sessions.b.id],
    metrics: [{ id: world.metrics.judged.id }],
  });
  const scoring = world.useCases.scoreEvaluation.executeBatch(world.jobQueue.drain());
  await world.judge.held(2);
  const cancelled = await world.useCases.cancelLaunch.execute(owner, run.id, report.launchId);
  t.like(cancelled, { status: 'RUNNING' }, 'a run the caller opened stays RUNNING until closed');
  t.like(cancelled.launches[0], { status: 'CANCELLED' });
  world.judge.release();
  await scoring.catch(() => undefined);
  const evaluations = await world.useCases.listEvaluations.execute(owner, { runIds: [run.id] });
  t.deepEqual(
    evaluations.map((evaluation) => [evaluation.status, evaluation.creditsUsed]),
    [
      ['SKIPPED', 0],
      ['SKIPPED', 0],
    ],
  );
  t.is((await world.ports.organizations.require(null, owner.organizationId)).extraCredits, 100, 'nothing charged');
  t.like(await world.useCases.closeRun.execute(owner, run.id), { status: 'COMPLETED' });
});

test('cancel: another run’s launch, an unknown launch, another organization’s run: not found', async (t) => {
  const world = await runWorld();
  const first = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  const second = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  await t.throwsAsync(world.useCases.cancelLaunch.execute(owner, first.runId, second.launchId), {
    instanceOf: NotFound,
  });
  await t.throwsAsync(world.useCases.cancelLaunch.execute(owner, first.runId, 'launch_nope'), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.cancelLaunch.execute(stranger, first.runId, first.launchId), {
    instanceOf: NotFound,
  });
  t.like((await world.useCases.getRun.execute(owner, first.runId)).launches[0], { status: 'RUNNING' });
});

test('delete: open launches cancelled first, the run, its launches and evaluations soft-deleted, sessions kept', async (t) => {
  const world = await runWorld();
  const run = await world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'nightly' });
  const scored = await world.useCases.evaluateSessions.execute(owner, {
    runId: run.id,
    sessionIds: [world.sessions.a.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  await world.work();
  const open = await world.useCases.evaluateSessions.execute(owner, {
    runId: run.id,
    sessionIds: [world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  const jobs = world.jobQueue.drain();
  const untouched = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { metrics: [{ id: world.metrics.exact.id }] },
  );
  const deletion = await world.useCases.deleteRun.execute(owner, run.id);
  t.deepEqual(deletion, { id: run.id, deletedAt: world.clock.now() });
  await t.throwsAsync(world.useCases.getRun.execute(owner, run.id), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.getMetricSummary.execute(owner, run.id), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.closeRun.execute(owner, run.id), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.cancelLaunch.execute(owner, run.id, open.launchId), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.relaunchRun.execute(owner, run.id, {}), { instanceOf: NotFound });
  await t.throwsAsync(world.useCases.deleteRun.execute(owner, run.id), { instanceOf: NotFound });
  t.deepEqual(await world.useCases.listRuns.execute(owner, { ids: [run.id] }), []);
  t.deepEqual(await world.useCases.listEvaluations.execute(owner, { runIds: [run.id] }), []);
  const cancelled = await world.ports.launches.get(owner.organizationId, open.launchId, { includeDeleted: true });
  t.like(cancelled, { status: 'CANCELLED', deletedAt: deletion.deletedAt });
  t.deepEqual(
    await world.ports.evaluations.list(owner.organizationId, {
      where: [{ field: 'launchId', op: 'eq', value: open.launchId }],
    }),
    [],
    'its evaluations are deleted',
  );
  t.is(
    (await world.ports.launches.get(owner.organizationId, scored.launchId, { includeDeleted: true }))?.deletedAt,
    deletion.deletedAt,
  );
  await world.useCases.scoreEvaluation.executeBatch(jobs);
  t.is((await world.useCases.listEvaluations.execute(owner, { ids: [untouched[0].id] })).length, 1);
  t.truthy(await world.useCases.getSession.execute(owner, world.sessions.a.id));
  await t.throwsAsync(world.useCases.deleteRun.execute(stranger, untouched[0].runId!), { instanceOf: NotFound });
  t.like(await world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'nightly' }), {
    ordinal: 3,
  });
});
