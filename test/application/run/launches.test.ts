import test from 'ava';
import { Conflict, IllegalTransition, InvalidInput, NotFound } from '../../../domain/errors.ts';
import { owner, runWorld, stranger } from './run-world.ts';

test('a request without runId opens a run of its own (LAUNCH), which ends with its launch once scored', async (t) => {
  const world = await runWorld();
  const evaluations = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { metrics: [{ id: world.metrics.exact.id }] },
  );
  const [evaluation] = evaluations;
  t.truthy(evaluation.runId);
  t.truthy(evaluation.launchId);
  const run = await world.useCases.getRun.execute(owner, evaluation.runId!);
  t.like(run, {
    openedBy: 'LAUNCH',
    status: 'RUNNING',
    productId: world.product.id,
    versionId: world.versions.v1.id,
    ordinal: 1,
    userId: owner.userId,
    evaluationCount: 1,
    sessionCount: 1,
  });
  t.like(run.launches[0], {
    id: evaluation.launchId,
    kind: 'EVALUATE_SESSION',
    status: 'RUNNING',
    evaluationCount: 1,
    sessionCount: 1,
  });
  t.deepEqual(run.launches[0].request, { sessionId: world.sessions.a.id, metrics: [{ id: world.metrics.exact.id }] });
  t.truthy(run.launches[0].startedAt);
  await world.work();
  const ended = await world.useCases.getRun.execute(owner, run.id);
  t.like(ended, { status: 'COMPLETED', finishedAt: world.clock.now() });
  t.like(ended.launches[0], { status: 'COMPLETED', finishedAt: world.clock.now() });
});

test('a launch whose evaluations are all scored by the caller ends at once, and so does its run', async (t) => {
  const world = await runWorld();
  const [evaluation] = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { metrics: [{ id: world.metrics.self.id, score: 0.4 }] },
  );
  const run = await world.useCases.getRun.execute(owner, evaluation.runId!);
  t.like(run, { status: 'COMPLETED', evaluationCount: 1 });
  t.like(run.launches[0], { status: 'COMPLETED' });
  t.deepEqual(world.jobQueue.drain(), []);
});

test('fromSessions: one launch for the batch; the run version is set only when every session shares it', async (t) => {
  const world = await runWorld();
  const oneVersion = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id, world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  t.like(await world.useCases.getRun.execute(owner, oneVersion.runId), { versionId: world.versions.v1.id });
  const twoVersions = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id, world.sessions.c.id],
    metrics: [{ id: world.metrics.exact.id }],
  });
  const run = await world.useCases.getRun.execute(owner, twoVersions.runId);
  t.like(run, { versionId: null, ordinal: 2, evaluationCount: 2, sessionCount: 2 });
  t.like(run.launches[0], { id: twoVersions.launchId, kind: 'EVALUATE_SESSION_BATCH' });
  const mixed = await t.throwsAsync(
    world.useCases.evaluateSessions.execute(owner, {
      sessionIds: [world.sessions.a.id, world.sessions.elsewhere.id],
      metrics: [{ id: world.metrics.exact.id }],
    }),
    { instanceOf: InvalidInput },
  );
  t.regex(mixed.message, new RegExp(`${world.product.id}.*${world.other.id}|${world.other.id}.*${world.product.id}`));
  t.is((await world.useCases.listRuns.execute(owner, {})).length, 2, 'the refused request opened nothing');
});

test('launching into the caller’s run: same product, same version when it names one, RUNNING and opened by the caller', async (t) => {
  const world = await runWorld();
  const run = await world.useCases.createRun.execute(owner, {
    productId: world.product.id,
    versionId: world.versions.v1.id,
  });
  t.like(run, { openedBy: 'CALLER', status: 'RUNNING', ordinal: 1, evaluationCount: 0 });
  const launch = (sessionId: string, runId: string) =>
    world.useCases.evaluateSession.execute(owner, { sessionId }, { runId, metrics: [{ id: world.metrics.exact.id }] });
  await launch(world.sessions.a.id, run.id);
  await launch(world.sessions.b.id, run.id);
  const version = await t.throwsAsync(launch(world.sessions.c.id, run.id), { instanceOf: Conflict });
  t.regex(version.message, /version/);
  const product = await t.throwsAsync(launch(world.sessions.elsewhere.id, run.id), { instanceOf: Conflict });
  t.regex(product.message, /product/);
  await t.throwsAsync(launch(world.sessions.a.id, 'run_nope'), { instanceOf: NotFound });
  await t.throwsAsync(
    world.useCases.evaluateSession.execute(
      stranger,
      { sessionId: world.sessions.a.id },
      { runId: run.id, metrics: [{ id: world.metrics.exact.id }] },
    ),
    { instanceOf: NotFound },
  );
  await world.work();
  const scored = await world.useCases.getRun.execute(owner, run.id);
  t.like(scored, { status: 'RUNNING', evaluationCount: 2, sessionCount: 2 }, 'a run the caller opened waits for close');
  t.deepEqual(
    scored.launches.map((item) => item.status),
    ['COMPLETED', 'COMPLETED'],
  );
  const closed = await world.useCases.closeRun.execute(owner, run.id);
  t.like(closed, { status: 'COMPLETED', finishedAt: world.clock.now() });
  await t.throwsAsync(launch(world.sessions.a.id, run.id), { instanceOf: IllegalTransition });
  await t.throwsAsync(world.useCases.closeRun.execute(owner, run.id), { instanceOf: IllegalTransition });

  const [opened] = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { metrics: [{ id: world.metrics.exact.id }] },
  );
  t.not(opened.runId, run.id);
  const refusal = await t.throwsAsync(launch(world.sessions.a.id, opened.runId!), { instanceOf: IllegalTransition });
  t.regex(refusal.message, /opened by a launch/);
});

test('close waits for open launches; a FAILED launch makes the closed run FAILED', async (t) => {
  const world = await runWorld();
  const run = await world.useCases.createRun.execute(owner, { productId: world.product.id });
  const [pending] = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { runId: run.id, metrics: [{ id: world.metrics.exact.id }] },
  );
  const refused = await t.throwsAsync(world.useCases.closeRun.execute(owner, run.id), {
    instanceOf: IllegalTransition,
  });
  t.regex(refused.message, new RegExp(`launch ${pending.launchId} RUNNING`));
  await world.work();
  const failed = { ...(await world.ports.launches.require(owner.organizationId, pending.launchId!)) };
  await world.ports.launches.update({ ...failed, status: 'FAILED', error: 'could not run' });
  t.like(await world.useCases.closeRun.execute(owner, run.id), { status: 'FAILED' });
});

test('the evaluations of a launch carry its run and launch; GET /evaluations filters by both', async (t) => {
  const world = await runWorld();
  const first = await world.useCases.evaluateSessions.execute(owner, {
    sessionIds: [world.sessions.a.id, world.sessions.b.id],
    metrics: [{ id: world.metrics.exact.id }, { id: world.metrics.self.id, score: 1 }],
  });
  await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.c.id },
    { metrics: [{ id: world.metrics.exact.id }] },
  );
  const byLaunch = await world.useCases.listEvaluations.execute(owner, { launchIds: [first.launchId] });
  t.is(byLaunch.length, 4);
  t.true(byLaunch.every((evaluation) => evaluation.runId === first.runId && evaluation.launchId === first.launchId));
  t.is((await world.useCases.listEvaluations.execute(owner, { runIds: [first.runId] })).length, 4);
  t.is((await world.useCases.listEvaluations.execute(owner, {})).length, 5);
});

test('run ordinals count per product from 1, distinct under concurrency, never reused after a delete', async (t) => {
  const world = await runWorld();
  const created = await Promise.all(
    Array.from({ length: 20 }, () => world.useCases.createRun.execute(owner, { productId: world.product.id })),
  );
  t.deepEqual(
    created.map((run) => run.ordinal).sort((a, b) => a - b),
    Array.from({ length: 20 }, (_, index) => index + 1),
  );
  await world.useCases.deleteRun.execute(owner, created.find((run) => run.ordinal === 20)!.id);
  t.is((await world.useCases.createRun.execute(owner, { productId: world.product.id })).ordinal, 21);
  t.is((await world.useCases.createRun.execute(owner, { productId: world.other.id })).ordinal, 1);
});

test('customId is unique per product among live runs; a delete frees it', async (t) => {
  const world = await runWorld();
  const first = await world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'ci-1' });
  const clash = await t.throwsAsync(
    world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'ci-1' }),
    { instanceOf: Conflict },
  );
  t.regex(clash.message, /ci-1/);
  t.like(await world.useCases.createRun.execute(owner, { productId: world.other.id, customId: 'ci-1' }), {
    customId: 'ci-1',
  });
  await world.useCases.deleteRun.execute(owner, first.id);
  t.like(
    await world.useCases.createRun.execute(owner, { productId: world.product.id, customId: 'ci-1' }),
    { ordinal: 2 },
    'the refused create handed its number back; the deleted run keeps 1',
  );
  await t.throwsAsync(
    world.useCases.createRun.execute(owner, { productId: world.product.id, versionId: world.versions.otherVersion.id }),
    { instanceOf: InvalidInput },
  );
});

test('a worker that stopped between its scoring commit and the settlement: the next start settles the launch', async (t) => {
  const world = await runWorld();
  const [evaluation] = await world.useCases.evaluateSession.execute(
    owner,
    { sessionId: world.sessions.a.id },
    { metrics: [{ id: world.metrics.exact.id }] },
  );
  world.jobQueue.drain();
  const stored = await world.ports.evaluations.require(owner.organizationId, evaluation.id);
  await world.ports.evaluations.update({ ...stored, status: 'SUCCESS', score: 1, evaluatedAt: world.clock.now() });
  t.like(await world.useCases.getRun.execute(owner, evaluation.runId!), { status: 'RUNNING' });
  await world.useCases.settleOpenLaunches.execute();
  const run = await world.useCases.getRun.execute(owner, evaluation.runId!);
  t.like(run, { status: 'COMPLETED' });
  t.like(run.launches[0], { status: 'COMPLETED' });
});
