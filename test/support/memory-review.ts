import { memoryTracing } from './memory-tracing.ts';
import type { MemoryWorldOptions } from './memory-world.ts';

/**
 * Tenant A reviews its traced session with a HUMAN metric: `reviewers` (two MEMBERs) are in a group linking the
 * metric and A's product, `a.member` is in no group; `pending` is a PENDING_HUMAN evaluation of A's session, and
 * `foreign` one of B's.
 */
export async function reviewWorld(options: MemoryWorldOptions = {}) {
  const world = await memoryTracing(options);
  const { useCases, admin, a, b, mine, theirs, jobQueue } = world;
  const person = async (name: string) => {
    const user = await useCases.createUser.execute(admin, {
      organizationId: a.organizationId,
      email: `${name}@acme.example`,
      name,
      role: 'MEMBER',
    });
    const { key } = await useCases.createApiKey.execute(admin, { userId: user.id, name: 'review' });
    return useCases.authenticate.execute(key);
  };
  const reviewers = [await person('rita'), await person('raj')];
  const metric = await useCases.createMetric.execute(a.owner, { name: 'Politeness', source: 'HUMAN' });
  const theirMetric = await useCases.createMetric.execute(b.owner, { name: 'Politeness', source: 'HUMAN' });
  const group = await useCases.createUserGroup.execute(a.owner, {
    name: 'Reviewers',
    userIds: reviewers.map((reviewer) => reviewer.userId),
    metricIds: [metric.id],
    productIds: [mine.product.id],
  });
  await useCases.evaluateSessions.execute(a.owner, { sessionIds: [mine.session.id], metrics: [{ id: metric.id }] });
  await useCases.evaluateSessions.execute(b.owner, {
    sessionIds: [theirs.session.id],
    metrics: [{ id: theirMetric.id }],
  });
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  const [pending] = await useCases.listEvaluations.execute(a.owner, { metricIds: [metric.id] });
  const [foreign] = await useCases.listEvaluations.execute(b.owner, { metricIds: [theirMetric.id] });
  return { ...world, reviewers, metric, group, pending, foreign };
}

export type ReviewWorld = Awaited<ReturnType<typeof reviewWorld>>;
