import test from 'ava';
import type { Judge, JudgedMetric } from '../../../application/ports/judge.ts';
import type { Ports } from '../../../application/ports/ports.ts';
import { ScoreEvaluation } from '../../../application/evaluation/score-evaluation.ts';
import { DeterministicJudge } from '../../../adapters/judge/deterministic-judge.ts';
import type { Verdict } from '../../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import { createOrganization } from '../../../domain/organization/organization.ts';
import { memoryWorld } from '../../support/memory-world.ts';

const owner: Actor = { userId: 'user_owner', organizationId: 'organization_a', role: 'OWNER', apiKeyId: null };

/** A judge fake for unit tests: answers after a pause and counts its calls (the real adapter is tested over HTTP). */
class CountingJudge implements Judge {
  readonly configured = true;
  calls = 0;
  async judge(_metric: JudgedMetric): Promise<Verdict> {
    this.calls++;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { kind: 'scored', score: 0.6, reason: 'fine' };
  }
}

async function launched(extraCredits: number, count: number) {
  const world = memoryWorld();
  const judge = new CountingJudge();
  const ports: Ports = { ...world.ports, judges: { DETERMINISTIC: new DeterministicJudge(), LLM_JUDGE: judge } };
  await ports.organizations.insert(
    createOrganization({ name: 'A', extraCredits }, { id: owner.organizationId, now: world.clock.now() }),
  );
  const { useCases } = world;
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const version = await useCases.createVersion.execute(owner, { productId: product.id });
  const metric = await useCases.createMetric.execute(owner, {
    name: 'Judge',
    source: 'LLM_JUDGE',
    judgePrompt: 'Rate it',
  });
  const sessions = [];
  for (let index = 0; index < count; index++) {
    const session = await useCases.createSession.execute(owner, { versionId: version.id });
    await useCases.createInferenceResult.execute(owner, {
      sessionId: session.id,
      input: 'Hi',
      output: `Hello ${index}`,
    });
    sessions.push(session.id);
  }
  await useCases.evaluateSessions.execute(owner, { sessionIds: sessions, metrics: [{ id: metric.id }] });
  return { ports, judge, jobs: world.jobQueue.drain(), score: new ScoreEvaluation(ports, world.settings) };
}

test('a job delivered twice, even concurrently, is scored and charged once', async (t) => {
  const { ports, judge, jobs, score } = await launched(10, 1);
  t.is(jobs.length, 1);
  await Promise.allSettled([score.executeBatch(jobs), score.executeBatch(jobs)]);
  await score.executeBatch(jobs);
  const evaluation = await ports.evaluations.get(owner.organizationId, jobs[0].evaluationId);
  t.like(evaluation, { status: 'SUCCESS', score: 0.6, creditsUsed: 1, version: 1 });
  t.is((await ports.organizations.get(null, owner.organizationId))?.extraCredits, 9);
  t.true(judge.calls <= 2);
});

test('concurrent batches never overspend: what the balance cannot cover is SKIPPED with canRetry', async (t) => {
  const { ports, jobs, score } = await launched(3, 8);
  await Promise.all(jobs.map((job) => score.executeBatch([job]).catch(() => undefined)));
  const evaluations = await ports.evaluations.list(owner.organizationId, { limit: 100 });
  t.is(evaluations.filter((evaluation) => evaluation.status === 'SUCCESS').length, 3);
  t.true(
    evaluations
      .filter((evaluation) => evaluation.status === 'SKIPPED')
      .every((evaluation) => evaluation.canRetry === true && evaluation.creditsUsed === 0),
  );
  t.is((await ports.organizations.get(null, owner.organizationId))?.extraCredits, 0);
});
