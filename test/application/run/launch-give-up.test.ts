import test from 'ava';
import { Conflict } from '../../../domain/errors.ts';
import { owner, runWorld } from './run-world.ts';

test('a launch job given up after failing every attempt ends FAILED with the reason, and settles its run', async (t) => {
  const world = await runWorld();
  const report = await world.scoredRun();
  const relaunched = await world.useCases.relaunchRun.execute(owner, report.runId, {});
  const job = { organizationId: owner.organizationId, launchId: relaunched.launches[0].id };

  await world.useCases.runLaunches.giveUp(job, new Error('connection reset while writing row 42 of tenant data'));
  const failed = await world.useCases.getRun.execute(owner, relaunched.id);
  t.like(failed, { status: 'FAILED' });
  t.like(failed.launches[0], {
    status: 'FAILED',
    error: 'Starting the launch failed on every attempt: an internal error (details are in the server log)',
  });
  // Giving up again, or a late delivery of the job, changes nothing.
  await world.useCases.runLaunches.giveUp(job, new Conflict('late'));
  await world.startLaunches();
  t.deepEqual(await world.useCases.getRun.execute(owner, relaunched.id), failed);
  t.deepEqual(await world.useCases.listEvaluations.execute(owner, { runIds: [relaunched.id] }), []);
});

test('a scoring job given up ends its evaluation FAILED (retryable) with a domain reason, once', async (t) => {
  const world = await runWorld();
  const report = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  const [pending] = await world.useCases.listEvaluations.execute(owner, { runIds: [report.runId] });
  const job = { organizationId: owner.organizationId, evaluationId: pending.id };
  await world.useCases.scoreEvaluation.giveUp(job, new Conflict('the metric changed while it was scored'));
  const [failed] = await world.useCases.listEvaluations.execute(owner, { runIds: [report.runId] });
  t.like(failed, {
    status: 'FAILED',
    canRetry: true,
    error: 'Scoring failed on every attempt: the metric changed while it was scored',
  });
  await world.useCases.scoreEvaluation.giveUp(job, new Error('again'));
  t.deepEqual((await world.useCases.listEvaluations.execute(owner, { runIds: [report.runId] }))[0], failed);
  t.like(await world.useCases.getRun.execute(owner, report.runId), { status: 'COMPLETED' });
});
