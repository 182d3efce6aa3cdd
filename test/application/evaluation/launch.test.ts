import test from 'ava';
import type { EvaluateSessionsRequest } from '../../../application/evaluation/evaluate-sessions.ts';
import type { NewMetric } from '../../../domain/catalog/metric.ts';
import { accessTable, allOrNothingTable, issuePaths } from '../../support/rule-tables.ts';
import { memoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';

/** What a launch stores for one metric of each source, and whether it queues a job for the worker. */
const bySource: {
  rule: string;
  metric: NewMetric;
  score?: number;
  expected: { status: string; score: number | null; creditsUsed: number | null };
  queued: boolean;
}[] = [
  {
    rule: 'a DETERMINISTIC metric is queued for the worker',
    metric: { source: 'DETERMINISTIC', algorithm: 'BLEU' },
    expected: { status: 'PENDING', score: null, creditsUsed: null },
    queued: true,
  },
  {
    rule: 'an LLM_JUDGE metric is queued for the worker',
    metric: { source: 'LLM_JUDGE', judgePrompt: 'Correct?' },
    expected: { status: 'PENDING', score: null, creditsUsed: null },
    queued: true,
  },
  {
    rule: 'a HUMAN metric is queued (the worker hands it to a person)',
    metric: { source: 'HUMAN' },
    expected: { status: 'PENDING', score: null, creditsUsed: null },
    queued: true,
  },
  {
    rule: 'a SELF_HOSTED metric with its score is born scored, free, and queues nothing',
    metric: { source: 'SELF_HOSTED' },
    score: 0.25,
    expected: { status: 'SUCCESS', score: 0.25, creditsUsed: 0 },
    queued: false,
  },
  {
    rule: 'a SELF_HOSTED metric without a score is queued (the worker skips it)',
    metric: { source: 'SELF_HOSTED' },
    expected: { status: 'PENDING', score: null, creditsUsed: null },
    queued: true,
  },
];

for (const { rule, metric, score, expected, queued } of bySource) {
  test(`launch: ${rule}`, async (t) => {
    const { useCases, jobQueue, a, mine } = await memoryTracing();
    const created = await useCases.createMetric.execute(a.owner, { ...metric, name: 'Under test' });
    const report = await useCases.evaluateSessions.execute(a.member, {
      sessionIds: [mine.session.id],
      metrics: [{ id: created.id, score }],
    });
    t.like(report, { sessionsEvaluated: 1, evaluationsCreated: 1, sessionsFailed: 0 });
    const [evaluation] = await useCases.listEvaluations.execute(a.member, { metricIds: [created.id] });
    t.like(evaluation, expected);
    t.deepEqual(jobQueue.jobs, queued ? [{ organizationId: a.organizationId, evaluationId: evaluation.id }] : []);
  });
}

test('an evaluation records its session, turn, test case, version, launcher, run and launch', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const other = await useCases.createMetric.execute(a.owner, { name: 'Other', source: 'HUMAN' });
  const callerRun = await useCases.createRun.execute(a.member, { productId: mine.product.id });
  const session = await useCases.createSession.execute(a.member, {
    versionId: mine.version.id,
    testCaseId: mine.testCase.id,
    runId: callerRun.id,
  });
  const report = await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [session.id],
    metrics: [{ id: other.id }],
  });
  await useCases.evaluateSession.execute(
    a.member,
    { inferenceResultId: mine.result.id },
    { metrics: [{ id: mine.metric.id }], runId: callerRun.id },
  );
  const stored = await useCases.listEvaluations.execute(a.member, {});
  const of = (metricId: string) => stored.find((evaluation) => evaluation.metricId === metricId);
  t.like(of(other.id), {
    sessionId: session.id,
    inferenceResultId: null,
    testCaseId: mine.testCase.id,
    versionId: mine.version.id,
    userId: a.member.userId,
    runId: report.runId,
    launchId: report.launchId,
  });
  t.not(report.runId, callerRun.id, 'a request without runId opens its own run, whatever run its session names');
  t.like(of(mine.metric.id), {
    sessionId: mine.session.id,
    inferenceResultId: mine.result.id,
    runId: callerRun.id,
  });
  t.truthy(of(mine.metric.id)?.launchId);
});

/** Tenant A's MEMBER launches the evaluation of its own session with the metrics `of` names. */
const launchingMySession =
  (of: (world: MemoryTracingWorld) => EvaluateSessionsRequest['metrics']) => (world: MemoryTracingWorld) =>
    world.useCases.evaluateSessions.execute(world.a.member, {
      sessionIds: [world.mine.session.id],
      metrics: of(world),
    });

/** A refused launch stores no evaluation and queues no job. */
accessTable<MemoryTracingWorld>('refused launch', memoryTracing, [
  {
    rule: 'one unknown metric refuses the whole batch',
    act: launchingMySession(({ mine }) => [{ id: mine.metric.id }, { name: 'No such metric' }]),
    expected: 'invalid_input',
  },
  {
    rule: "another organization's metric is unknown, by id",
    act: launchingMySession(({ theirs }) => [{ id: theirs.metric.id }]),
    expected: 'invalid_input',
  },
  {
    rule: "another organization's metric is unknown, by name",
    act: launchingMySession(({ theirs }) => [{ name: theirs.metric.name }]),
    expected: 'invalid_input',
  },
  {
    rule: 'a score is accepted for SELF_HOSTED metrics only',
    act: launchingMySession(({ mine }) => [{ id: mine.metric.id, score: 1 }]),
    expected: 'invalid_input',
  },
  {
    rule: "another organization's version is unknown",
    act: ({ useCases, a, theirs }) => useCases.evaluateSessions.execute(a.member, { versionId: theirs.version.id }),
    expected: 'not_found',
  },
  {
    rule: "another organization's session is unknown to a single-session launch",
    act: ({ useCases, a, theirs }) => useCases.evaluateSession.execute(a.member, { sessionId: theirs.session.id }, {}),
    expected: 'not_found',
  },
  {
    rule: "another organization's turn is unknown to a single-turn launch",
    act: ({ useCases, a, theirs }) =>
      useCases.evaluateSession.execute(a.member, { inferenceResultId: theirs.result.id }, {}),
    expected: 'not_found',
  },
  {
    rule: 'a single-session launch that its scope rules skip is refused',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSession.execute(a.member, { versionId: mine.version.id, customId: 'imported' })),
    act: async ({ useCases, a }) => {
      const [imported] = await useCases.listSessions.execute(a.member, { customIds: ['imported'] });
      return useCases.evaluateSession.execute(a.member, { sessionId: imported.id }, {});
    },
    expected: 'invalid_input',
  },
]);

test('a skipped single-session launch names the field that decided the skip', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const other = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Other' });
  const paths = async (target: { sessionId: string } | { inferenceResultId: string }, specificationIds?: string[]) => {
    const error = await t.throwsAsync(useCases.evaluateSession.execute(a.member, target, { specificationIds }), {
      code: 'invalid_input',
    });
    return issuePaths(error);
  };
  await useCases.unlinkSpecificationMetrics.execute(a.owner, mine.specification.id, [mine.metric.id]);
  t.deepEqual(await paths({ sessionId: mine.session.id }), ['sessionId']);
  t.deepEqual(await paths({ inferenceResultId: mine.result.id }), ['inferenceResultId']);
  t.deepEqual(await paths({ sessionId: mine.session.id }, [other.id]), ['specificationIds']);
});

test('unknown, foreign and deleted sessions are reported as failures; a repeated id counts once', async (t) => {
  const { useCases, jobQueue, a, mine, theirs } = await memoryTracing();
  const deleted = await useCases.createSession.execute(a.member, {
    versionId: mine.version.id,
    testCaseId: mine.testCase.id,
  });
  await useCases.deleteSession.execute(a.member, deleted.id);
  const report = await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [mine.session.id, mine.session.id, 'session_missing', theirs.session.id, deleted.id],
  });
  t.like(report, { sessionsEvaluated: 1, evaluationsCreated: 1, sessionsFailed: 3, totalSessionsAvailable: null });
  t.deepEqual(
    report.failures.map((failure) => failure.sessionId),
    ['session_missing', theirs.session.id, deleted.id],
  );
  t.is(jobQueue.jobs.length, 1);
  t.deepEqual(await useCases.listEvaluations.execute(a.member, { sessionIds: [theirs.session.id] }), []);
  t.deepEqual(await useCases.listEvaluations.execute(a.member, { sessionIds: [deleted.id] }), []);
});

test('versionId mode takes the oldest 1000 sessions of the version and says how many there were', async (t) => {
  const world = await memoryTracing();
  const { useCases, a, mine } = world;
  const next = await useCases.createVersion.execute(a.owner, { productId: mine.product.id });
  const sessions = [];
  for (let index = 0; index < 1001; index++) {
    world.clock.advance(1000);
    sessions.push(await useCases.createSession.execute(a.member, { versionId: next.id }));
  }
  const report = await useCases.evaluateSessions.execute(a.member, {
    versionId: next.id,
    metrics: [{ id: mine.metric.id }],
  });
  t.like(report, { sessionsEvaluated: 1000, evaluationsCreated: 1000, totalSessionsAvailable: 1001, truncated: true });
  t.regex(report.message, /first 1000 of 1001/);
  const newest = sessions.at(-1)!.id;
  t.deepEqual(await useCases.listEvaluations.execute(a.member, { sessionIds: [newest] }), []);
  t.deepEqual(
    await useCases.listEvaluations.execute(a.member, { sessionIds: [mine.session.id] }),
    [],
    'sessions of other versions are left out',
  );
});

allOrNothingTable<MemoryTracingWorld>('all or nothing', memoryTracing, [
  {
    rule: 'evaluations are stored with their jobs, or neither',
    breaks: { port: 'jobQueue', method: 'enqueue' },
    act: (broken, { a, mine }) => broken.evaluateSessions.execute(a.member, { sessionIds: [mine.session.id] }),
  },
]);
