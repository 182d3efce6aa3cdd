import type { Schemas } from '../client/assay-client.ts';
import type { GateRules } from './gate.ts';
import type { RunOutcome } from './run-outcome.ts';

/** One test case (one session) as JUnit reports it: failing when its session failed or a score fell short. */
export interface TestCaseResult {
  readonly name: string;
  readonly failure: string | null;
  readonly detail: string;
}

const nameOf = (testCaseId: string | null, sessionId: string) =>
  testCaseId ? `${testCaseId} (${sessionId})` : sessionId;

/** Why one evaluation fails its test case: it failed, or its score is below the minimum. */
function shortfall(evaluation: Schemas['Evaluation'], metricName: string, minScore: number): string | null {
  if (evaluation.status === 'FAILED') return `${metricName}: evaluation failed (${evaluation.error ?? 'no reason'})`;
  if (evaluation.status === 'SUCCESS' && evaluation.score !== null && evaluation.score < minScore)
    return `${metricName}: score ${evaluation.score} below ${minScore}`;
  return null;
}

/** Every session of the outcome as a test case: failed sessions first, then each scored session in order. */
export function testCaseResults(
  outcome: RunOutcome,
  names: ReadonlyMap<string, string>,
  rules: Pick<GateRules, 'minScore'>,
): TestCaseResult[] {
  const failed = outcome.failedSessions.map((session) => ({
    name: nameOf(session.testCaseId, session.sessionId),
    failure: `session failed: ${session.error}`,
    detail: `session ${session.sessionId}`,
  }));
  const failedIds = new Set(outcome.failedSessions.map((session) => session.sessionId));
  const bySession = new Map<string, Schemas['Evaluation'][]>();
  for (const evaluation of outcome.evaluations)
    if (!failedIds.has(evaluation.sessionId))
      bySession.set(evaluation.sessionId, [...(bySession.get(evaluation.sessionId) ?? []), evaluation]);
  const scored = [...bySession].map(([sessionId, evaluations]) => {
    const shortfalls = evaluations.flatMap(
      (evaluation) =>
        shortfall(evaluation, names.get(evaluation.metricId) ?? evaluation.metricId, rules.minScore) ?? [],
    );
    return {
      name: nameOf(evaluations[0]?.testCaseId ?? null, sessionId),
      failure: shortfalls.length ? shortfalls.join('; ') : null,
      detail: evaluations
        .map((evaluation) => `${names.get(evaluation.metricId) ?? evaluation.metricId}=${evaluation.score}`)
        .join(' '),
    };
  });
  return [...failed, ...scored];
}
