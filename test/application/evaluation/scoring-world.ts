import type { NewMetric } from '../../../domain/catalog/metric.ts';
import type { CreditBalance } from '../../../domain/evaluation/credits.ts';
import type { Evaluation, Verdict } from '../../../domain/evaluation/evaluation.ts';
import { memoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';
import { ScriptedJudge } from '../../support/scripted-judge.ts';

/** What one LLM-judge evaluation costs in these tests (not 1, so a charge is told apart from a count). */
export const COST = 2;
export const JUDGE: NewMetric = { source: 'LLM_JUDGE', judgePrompt: 'Correct?' };
export const scored: Verdict = { kind: 'scored', score: 0.8, reason: 'fine' };

/** A world whose LLM judge answers `judge` (or is not configured), with A's balance set as given. */
export async function world(judge: Verdict | 'unconfigured', balance: CreditBalance) {
  const built = await memoryTracing({
    llmJudgeCredits: COST,
    judges: judge === 'unconfigured' ? {} : { LLM_JUDGE: new ScriptedJudge(judge) },
  });
  await built.useCases.updateOrganization.execute(built.admin, built.a.organizationId, balance);
  return built;
}

/** A's balance as its owner reads it. */
export async function balanceOf({ useCases, a }: MemoryTracingWorld): Promise<CreditBalance> {
  const { remainingSubscriptionCredits, extraCredits } = await useCases.getCreditStatus.execute(
    a.owner,
    a.organizationId,
  );
  return { remainingSubscriptionCredits, extraCredits };
}

/** Launches one evaluation of a new metric on A's session (or an imported one), and runs the worker's jobs. */
export async function launchAndScore(
  built: MemoryTracingWorld,
  metric: NewMetric,
  options: { imported?: boolean; beforeScoring?: (metricId: string) => Promise<unknown> } = {},
): Promise<Evaluation> {
  const { useCases, jobQueue, a, mine } = built;
  const created = await useCases.createMetric.execute(a.owner, { ...metric, name: 'Under test' });
  const session = options.imported
    ? await useCases.createSession.execute(a.member, { versionId: mine.version.id })
    : mine.session;
  if (options.imported)
    await useCases.createInferenceResult.execute(a.member, { sessionId: session.id, input: 'Hi', output: 'Hello' });
  await useCases.evaluateSessions.execute(a.member, { sessionIds: [session.id], metrics: [{ id: created.id }] });
  await options.beforeScoring?.(created.id);
  await useCases.scoreEvaluation.executeBatch(jobQueue.drain());
  const [evaluation] = await useCases.listEvaluations.execute(a.member, { metricIds: [created.id] });
  return evaluation;
}

export const full: CreditBalance = { remainingSubscriptionCredits: 50, extraCredits: 0 };
