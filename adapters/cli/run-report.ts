import { table } from './cli-output.ts';
import { dollars } from './usage-table.ts';
import type { GateRow, GateRules } from './gate.ts';
import type { RunOutcome } from './run-outcome.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Why a launch left nothing to gate on, or null when it created evaluations. */
export function nothingToGateOn(outcome: RunOutcome): string | null {
  if (outcome.evaluations.length > 0) return null;
  const { launch, failedSessions } = outcome;
  const reasons = [
    ...(launch.error ? [launch.error] : []),
    ...new Set(failedSessions.map((session) => session.error)),
    ...(launch.progress?.skippedForCredits.length ? ['test cases skipped for want of credits'] : []),
  ];
  return `launch ${launch.id} (${launch.status}) produced no evaluation${reasons.length ? `: ${reasons.join('; ')}` : ''}`;
}

/** Why the gate fails: metrics that fell short, too many failed sessions, or nothing to gate on. Empty: it passed. */
export function gateFailures(rows: readonly GateRow[], outcome: RunOutcome, rules: GateRules): string[] {
  const empty = nothingToGateOn(outcome);
  const failedSessions = outcome.failedSessions.length + outcome.failedWithoutSession;
  return [
    ...(empty ? [`nothing to gate on: ${empty}`] : []),
    ...rows.flatMap((row) => (row.failure ? [`${row.metricName}: ${row.failure}`] : [])),
    ...(failedSessions > rules.maxFailedSessions
      ? [`${plural(failedSessions, 'session')} failed (at most ${rules.maxFailedSessions} allowed)`]
      : []),
  ];
}

/** What the run's turns used and cost, as its answer sums them. */
export interface RunTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost: number;
}

/** The run's cost and tokens in one line: `Cost: $0.000033 (15 input tokens, 9 output tokens)`. */
export const costLine = (totals: RunTotals): string =>
  `Cost: ${dollars(totals.cost)} (${plural(totals.inputTokens, 'input token')}, ${plural(totals.outputTokens, 'output token')})`;

/**
 * The summary a person or a CI log reads, in plain text (no bar needed to see a failure): the per-metric table and,
 * beside it, the run's cost and tokens, then every failed session with its reason, and the launch's own error.
 */
export function summary(rows: readonly GateRow[], outcome: RunOutcome, totals?: RunTotals): string {
  const lines: string[] = [];
  const empty = nothingToGateOn(outcome);
  if (empty) lines.push(`Nothing to gate on: ${empty}`);
  else
    lines.push(
      table(
        rows.map((row) => ({
          ...row,
          passRate: row.passRate === null ? null : `${Math.round(row.passRate * 100)}%`,
          failure: row.failure ?? 'ok',
        })),
        ['metricName', 'evaluations', 'mean', 'min', 'max', 'passRate', 'change', 'failure'],
      ),
    );
  if (totals) lines.push(costLine(totals));
  const { failedSessions, failedWithoutSession, launch } = outcome;
  if (failedSessions.length + failedWithoutSession > 0)
    lines.push(`${plural(failedSessions.length + failedWithoutSession, 'session')} failed:`);
  for (const session of failedSessions)
    lines.push(
      `  ${session.sessionId}${session.testCaseId ? ` (test case ${session.testCaseId})` : ''}: ${session.error}`,
    );
  if (failedWithoutSession > 0)
    lines.push(`  ${plural(failedWithoutSession, 'test case')} failed before a session was opened`);
  if (launch.error) lines.push(`Launch ${launch.id} ${launch.status}: ${launch.error}`);
  return lines.join('\n');
}
