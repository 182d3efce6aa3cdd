import test from 'ava';
import type { Verdict } from '../../../domain/evaluation/evaluation.ts';
import { allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryTracing } from '../../support/memory-tracing.ts';
import { ScriptedJudge } from '../../support/scripted-judge.ts';

/**
 * A world where A's session was scored by three metrics: an LLM judge that failed (retryable), a deterministic
 * metric (SUCCESS, not retryable) and a HUMAN one (PENDING_HUMAN).
 */
async function scoredWorld(verdict: Verdict = { kind: 'failed', error: 'timeout', canRetry: true }) {
  const world = await memoryTracing({ judges: { LLM_JUDGE: new ScriptedJudge(verdict) } });
  const { useCases, jobQueue, a, mine } = world;
  const judge = await useCases.createMetric.execute(a.owner, {
    name: 'Judge',
    source: 'LLM_JUDGE',
    judgePrompt: 'Ok?',
  });
  const human = await useCases.createMetric.execute(a.owner, { name: 'Human', source: 'HUMAN' });
  await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [mine.session.id],
    metrics: [{ id: judge.id }, { id: mine.metric.id }, { id: human.id }],
  });
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  const of = async (metricId: string) =>
    (await useCases.listEvaluations.execute(a.member, { metricIds: [metricId] }))[0];
  return { ...world, failed: await of(judge.id), succeeded: await of(mine.metric.id), waiting: await of(human.id) };
}

test('a retry puts back what may be retried, queues it again, and reports the rest', async (t) => {
  const { useCases, jobQueue, a, b, failed, succeeded, waiting, theirs } = await scoredWorld();
  await useCases.evaluateSessions.execute(b.member, { sessionIds: [theirs.session.id] });
  const [foreign] = jobQueue.drain();
  const report = await useCases.retryEvaluations.execute(a.member, [
    failed.id,
    failed.id,
    succeeded.id,
    waiting.id,
    'evaluation_missing',
    foreign.evaluationId,
  ]);
  t.deepEqual(report.retried, [failed.id]);
  t.deepEqual([...report.skipped].sort(), [succeeded.id, waiting.id].sort());
  t.deepEqual(
    report.errors.map((error) => error.id),
    ['evaluation_missing', foreign.evaluationId],
  );
  t.deepEqual(jobQueue.jobs, [{ organizationId: a.organizationId, evaluationId: failed.id }]);
  t.like(await useCases.getEvaluation.execute(a.member, failed.id), {
    status: 'PENDING',
    error: null,
    canRetry: null,
    creditsUsed: null,
    evaluatedAt: null,
  });
  t.like(await useCases.getEvaluation.execute(b.member, foreign.evaluationId), { status: 'PENDING', version: 0 });
});

test('an evaluation skipped for lack of credits is scored once credits are granted and it is retried', async (t) => {
  const world = await memoryTracing({ judges: { LLM_JUDGE: new ScriptedJudge() } });
  const { useCases, jobQueue, admin, a, mine } = world;
  await useCases.updateOrganization.execute(admin, a.organizationId, { remainingSubscriptionCredits: 0 });
  const judge = await useCases.createMetric.execute(a.owner, {
    name: 'Judge',
    source: 'LLM_JUDGE',
    judgePrompt: 'Ok?',
  });
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [mine.session.id], metrics: [{ id: judge.id }] });
  const [job] = jobQueue.drain();
  await useCases.scoreEvaluation.execute(job);
  t.like(await useCases.getEvaluation.execute(a.member, job.evaluationId), { status: 'SKIPPED', canRetry: true });
  await useCases.updateOrganization.execute(admin, a.organizationId, { extraCredits: 1 });
  await useCases.retryEvaluations.execute(a.member, [job.evaluationId]);
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  t.like(await useCases.getEvaluation.execute(a.member, job.evaluationId), { status: 'SUCCESS', creditsUsed: 1 });
  t.is((await useCases.getCreditStatus.execute(a.owner, a.organizationId)).availableCredits, 0);
});

test('a deleted evaluation is gone from reads and lists; another organization cannot delete it', async (t) => {
  const { useCases, a, b, succeeded, clock } = await scoredWorld();
  await t.throwsAsync(useCases.deleteEvaluation.execute(b.owner, succeeded.id), { code: 'not_found' });
  t.deepEqual(await useCases.deleteEvaluation.execute(a.member, succeeded.id), {
    id: succeeded.id,
    deletedAt: clock.now(),
  });
  await t.throwsAsync(useCases.getEvaluation.execute(a.member, succeeded.id), { code: 'not_found' });
  t.deepEqual(await useCases.listEvaluations.execute(a.member, { ids: [succeeded.id] }), []);
  t.deepEqual((await useCases.retryEvaluations.execute(a.member, [succeeded.id])).errors.length, 1);
});

allOrNothingTable<Awaited<ReturnType<typeof scoredWorld>>>('all or nothing', () => scoredWorld(), [
  {
    rule: 'evaluations are put back with their jobs, or neither',
    breaks: { port: 'jobQueue', method: 'enqueue' },
    act: (broken, { a, failed }) => broken.retryEvaluations.execute(a.member, [failed.id]),
  },
]);
