import type { Judge, JudgedMetric } from '../../../application/ports/judge.ts';
import type { Ports } from '../../../application/ports/ports.ts';
import { createUseCases } from '../../../application/use-cases.ts';
import { DeterministicJudge } from '../../../adapters/judge/deterministic-judge.ts';
import type { Verdict } from '../../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import { createOrganization } from '../../../domain/organization/organization.ts';
import { memoryWorld } from '../../support/memory-world.ts';

export const owner: Actor = { userId: 'user_owner', organizationId: 'organization_a', role: 'OWNER', apiKeyId: null };
export const stranger: Actor = {
  userId: 'user_stranger',
  organizationId: 'organization_b',
  role: 'OWNER',
  apiKeyId: null,
};

/** An LLM judge fake that holds each call until the test releases it, to act while a worker is scoring. */
export class HeldJudge implements Judge {
  readonly configured = true;
  private readonly waiting: (() => void)[] = [];
  private arrived: (() => void) | null = null;

  async judge(_metric: JudgedMetric): Promise<Verdict> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.arrived?.();
    });
    return { kind: 'scored', score: 0.7, reason: 'held' };
  }

  /** Resolves once `count` calls are being held. */
  async held(count: number): Promise<void> {
    while (this.waiting.length < count) await new Promise<void>((resolve) => (this.arrived = resolve));
  }

  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/**
 * The memory world with a product, two versions, metrics (deterministic exact match, a self-hosted one, an LLM judge
 * held by the test) and three sessions with one turn each: runs and launches over the use cases.
 */
export async function runWorld() {
  const base = memoryWorld();
  const judge = new HeldJudge();
  const ports: Ports = { ...base.ports, judges: { DETERMINISTIC: new DeterministicJudge(), LLM_JUDGE: judge } };
  const useCases = createUseCases(ports, base.settings);
  await ports.organizations.insert(
    createOrganization({ name: 'A', extraCredits: 100 }, { id: owner.organizationId, now: base.clock.now() }),
  );
  const product = await useCases.createProduct.execute(owner, { name: 'Shop assistant' });
  const other = await useCases.createProduct.execute(owner, { name: 'Other product' });
  const v1 = await useCases.createVersion.execute(owner, { productId: product.id });
  const v2 = await useCases.createVersion.execute(owner, { productId: product.id });
  const otherVersion = await useCases.createVersion.execute(owner, { productId: other.id });
  const metrics = {
    exact: await useCases.createMetric.execute(owner, {
      name: 'exact',
      source: 'DETERMINISTIC',
      algorithm: 'EXACT_MATCH',
    }),
    self: await useCases.createMetric.execute(owner, { name: 'self', source: 'SELF_HOSTED' }),
    judged: await useCases.createMetric.execute(owner, { name: 'judged', source: 'LLM_JUDGE', judgePrompt: 'Rate' }),
  };
  const session = async (versionId: string, output: string) => {
    const created = await useCases.createSession.execute(owner, { versionId });
    await useCases.createInferenceResult.execute(owner, { sessionId: created.id, input: 'Hi', output });
    return created;
  };
  const sessions = {
    a: await session(v1.id, 'Hello'),
    b: await session(v1.id, 'Hello there'),
    c: await session(v2.id, 'Hi'),
    elsewhere: await session(otherVersion.id, 'Yo'),
  };
  /** Scores every job queued so far, as a worker would. */
  const work = async () => {
    for (let jobs = base.jobQueue.drain(); jobs.length > 0; jobs = base.jobQueue.drain())
      await useCases.scoreEvaluation.executeBatch(jobs);
  };
  /** A run that ended: session a scored by the exact metric, every job worked off. */
  const scoredRun = async () => {
    const report = await useCases.evaluateSessions.execute(owner, {
      sessionIds: [sessions.a.id],
      metrics: [{ id: metrics.exact.id }],
    });
    await work();
    return report;
  };
  /** Starts every launch job queued so far, as the launch worker would. */
  const startLaunches = () => useCases.runLaunches.executeBatch(base.jobQueue.drainLaunches());
  return {
    ...base,
    ports,
    useCases,
    judge,
    product,
    other,
    versions: { v1, v2, otherVersion },
    metrics,
    sessions,
    work,
    scoredRun,
    startLaunches,
  };
}
