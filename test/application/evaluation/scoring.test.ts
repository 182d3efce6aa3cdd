import test from 'ava';
import { breakingUseCases, ProvokedFailure, storeSnapshot } from '../../support/memory-world.ts';
import { COST, JUDGE, balanceOf, full, scored, world } from './scoring-world.ts';

test('a deleted evaluation is neither scored nor charged when its job arrives', async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, a, mine } = built;
  const metric = await useCases.createMetric.execute(a.owner, { ...JUDGE, name: 'Judge' });
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [mine.session.id], metrics: [{ id: metric.id }] });
  const [job] = jobQueue.drain();
  await useCases.deleteEvaluation.execute(a.member, job.evaluationId);
  await useCases.scoreEvaluation.execute(job);
  t.deepEqual(await balanceOf(built), full);
  await t.throwsAsync(useCases.getEvaluation.execute(a.member, job.evaluationId), { code: 'not_found' });
});

test("a job names its organization: another organization's evaluation id scores nothing", async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, a, b, mine } = built;
  const metric = await useCases.createMetric.execute(a.owner, { ...JUDGE, name: 'Judge' });
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [mine.session.id], metrics: [{ id: metric.id }] });
  const [job] = jobQueue.drain();
  await useCases.scoreEvaluation.execute({ organizationId: b.organizationId, evaluationId: job.evaluationId });
  t.like(await useCases.getEvaluation.execute(a.member, job.evaluationId), { status: 'PENDING' });
  t.deepEqual(await balanceOf(built), full);
});

test("one batch charges each organization's evaluations to that organization", async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, admin, a, b, mine, theirs } = built;
  await useCases.updateOrganization.execute(admin, b.organizationId, { remainingSubscriptionCredits: 10 });
  for (const [actor, session] of [
    [a.owner, mine.session],
    [b.owner, theirs.session],
  ] as const) {
    const metric = await useCases.createMetric.execute(actor, { ...JUDGE, name: 'Judge' });
    await useCases.evaluateSessions.execute(actor, { sessionIds: [session.id], metrics: [{ id: metric.id }] });
  }
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  t.is((await useCases.getCreditStatus.execute(admin, a.organizationId)).availableCredits, 50 - COST);
  t.is((await useCases.getCreditStatus.execute(admin, b.organizationId)).availableCredits, 10 - COST);
});

test('scores and credits are written together: a failed write takes no credits', async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, a, mine } = built;
  const metric = await useCases.createMetric.execute(a.owner, { ...JUDGE, name: 'Judge' });
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [mine.session.id], metrics: [{ id: metric.id }] });
  const jobs = jobQueue.drain();
  const broken = breakingUseCases(built, 'evaluations', 'recordOutcomes');
  await t.throwsAsync(broken.scoreEvaluation.executeBatch(jobs), { instanceOf: ProvokedFailure });
  t.deepEqual(await balanceOf(built), full);
  t.like(await useCases.getEvaluation.execute(a.member, jobs[0].evaluationId), { status: 'PENDING' });
  await useCases.scoreEvaluation.executeBatch(jobs);
  t.like(await useCases.getEvaluation.execute(a.member, jobs[0].evaluationId), { status: 'SUCCESS' });
  t.deepEqual(await balanceOf(built), { remainingSubscriptionCredits: 50 - COST, extraCredits: 0 });
});

test('a session is judged by its last output against its test case; a turn by its own output', async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, a, mine } = built;
  const session = await useCases.createSession.execute(a.member, {
    versionId: mine.version.id,
    testCaseId: mine.testCase.id,
  });
  const first = await useCases.createInferenceResult.execute(a.member, { sessionId: session.id, output: 'Lyon' });
  built.clock.advance(1000);
  await useCases.createInferenceResult.execute(a.member, { sessionId: session.id, output: 'Paris' });
  await useCases.evaluateSession.execute(a.member, { sessionId: session.id }, {});
  await useCases.evaluateSession.execute(a.member, { inferenceResultId: first.id }, {});
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  const evaluations = await useCases.listEvaluations.execute(a.member, { sessionIds: [session.id] });
  const byTurn = (turn: string | null) => evaluations.find((evaluation) => evaluation.inferenceResultId === turn);
  t.like(byTurn(null), { status: 'SUCCESS', score: 1 }, 'the last output matches the expected one');
  t.like(byTurn(first.id), { status: 'SUCCESS', score: 0 }, 'the first turn alone does not');
});

test("tools used are the session's TOOL spans, compared with the test case's expected tools", async (t) => {
  const built = await world(scored, full);
  const { useCases, jobQueue, a, mine } = built;
  const tools = await useCases.createMetric.execute(a.owner, {
    name: 'Tools',
    source: 'DETERMINISTIC',
    algorithm: 'TOOL_CORRECTNESS',
  });
  const testCase = await useCases.createTestCase.execute(a.owner, {
    datasetId: mine.dataset.id,
    input: 'Book a flight',
    expectedTools: ['search', 'book'],
  });
  const session = await useCases.createSession.execute(a.member, {
    versionId: mine.version.id,
    testCaseId: testCase.id,
  });
  const turn = await useCases.createInferenceResult.execute(a.member, { sessionId: session.id, output: 'Booked' });
  await useCases.ingestSpans.execute(a.member, [
    { inferenceResultId: turn.id, name: 'search', type: 'TOOL' },
    { inferenceResultId: turn.id, name: 'book', type: 'GENERATION' },
    { inferenceResultId: mine.result.id, name: 'book', type: 'TOOL' },
  ]);
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [session.id], metrics: [{ id: tools.id }] });
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  const [evaluation] = await useCases.listEvaluations.execute(a.member, { metricIds: [tools.id] });
  t.like(
    evaluation,
    { status: 'SUCCESS', score: 0.5 },
    "one of two expected tools; another session's span is not used",
  );
});

test("the credit status shows the caller's own organization, any for an ADMIN", async (t) => {
  const built = await world(scored, { remainingSubscriptionCredits: 7, extraCredits: 3 });
  const { useCases, admin, a, b } = built;
  t.deepEqual(await useCases.getCreditStatus.execute(a.member, a.organizationId), {
    organizationId: a.organizationId,
    remainingSubscriptionCredits: 7,
    extraCredits: 3,
    availableCredits: 10,
    llmJudgeEvaluationCost: COST,
  });
  await t.throwsAsync(useCases.getCreditStatus.execute(a.owner, b.organizationId), { code: 'not_found' });
  t.is((await useCases.getCreditStatus.execute(admin, b.organizationId)).availableCredits, 50);
});

test('a job delivered again after scoring leaves every outcome, and the balance, as they were', async (t) => {
  const built = await world({ kind: 'failed', error: 'timeout', canRetry: true }, full);
  const { useCases, jobQueue, a, mine } = built;
  const metrics = [
    await useCases.createMetric.execute(a.owner, { ...JUDGE, name: 'Judge' }),
    await useCases.createMetric.execute(a.owner, { name: 'Human', source: 'HUMAN' }),
    await useCases.createMetric.execute(a.owner, { name: 'Self', source: 'SELF_HOSTED' }),
  ];
  await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [mine.session.id],
    metrics: [mine.metric, ...metrics].map(({ id }) => ({ id })),
  });
  const jobs = jobQueue.drain();
  await useCases.scoreEvaluation.executeBatch(jobs);
  const before = await storeSnapshot(built);
  t.deepEqual(before.evaluations.map((evaluation) => evaluation.status).sort(), [
    'FAILED',
    'PENDING_HUMAN',
    'SKIPPED',
    'SUCCESS',
  ]);
  await useCases.scoreEvaluation.executeBatch(jobs);
  for (const job of jobs) await useCases.scoreEvaluation.execute(job);
  t.deepEqual(await storeSnapshot(built), before);
});
