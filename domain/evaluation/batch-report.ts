import type { SkipCause } from './metric-scope.ts';

export interface BatchFailure {
  readonly sessionId: string;
  readonly error: string;
}

/** What happened to a batch, before it is summarised. */
export interface BatchOutcome {
  readonly sessionsEvaluated: number;
  readonly evaluationsCreated: number;
  readonly failures: readonly BatchFailure[];
  readonly skips: readonly { readonly sessionId: string; readonly cause: SkipCause }[];
  /** Inactive (disabled or superseded) metrics the request would have applied and did not. */
  readonly inactiveMetricIds?: readonly string[];
  /** versionId mode only: every session of the version, and whether more than the limit existed. */
  readonly totalSessionsAvailable: number | null;
  readonly truncated: boolean;
  readonly processedLimit: number;
}

/** The spec's response to POST /evaluations/fromSessions. */
export interface BatchReport {
  readonly sessionsEvaluated: number;
  readonly sessionsFailed: number;
  readonly evaluationsCreated: number;
  readonly failures: readonly BatchFailure[];
  readonly message: string;
  readonly totalSessionsAvailable: number | null;
  readonly truncated: boolean;
}

export const SKIP_REASONS: Record<SkipCause, string> = {
  NOT_IN_SPECIFICATIONS:
    'outside the requested specificationIds (their specification is not listed, or they have none: add it to ' +
    'specificationIds, or pass metrics)',
  NO_SPECIFICATION: 'no specification (pass metrics, or link the session to a test case of a specification)',
  NO_LINKED_METRICS:
    'no linked metrics (link metrics to their specification with POST /specifications/{id}/metrics, or pass metrics)',
  ONLY_INACTIVE_METRICS:
    'only disabled or superseded metrics (enable the metrics, or use their latest revision, to score them)',
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Counts and a message stating evaluated, failed and skipped sessions, each skip cause and any truncation. */
export function buildBatchReport(outcome: BatchOutcome): BatchReport {
  const causes = (Object.keys(SKIP_REASONS) as SkipCause[])
    .map((cause) => ({ cause, count: outcome.skips.filter((skip) => skip.cause === cause).length }))
    .filter((entry) => entry.count > 0);
  let message =
    `${plural(outcome.sessionsEvaluated, 'session')} evaluated (${plural(outcome.evaluationsCreated, 'evaluation')} created), ` +
    `${outcome.failures.length} failed, ${outcome.skips.length} skipped.`;
  if (causes.length > 0)
    message += ` Skipped: ${causes.map(({ cause, count }) => `${count} ${SKIP_REASONS[cause]}`).join('; ')}.`;
  if (outcome.inactiveMetricIds?.length)
    message += ` Disabled or superseded metrics not applied: ${outcome.inactiveMetricIds.join(', ')}.`;
  if (outcome.truncated) {
    message +=
      ` Only the first ${outcome.processedLimit} of ${outcome.totalSessionsAvailable} sessions of the version were processed;` +
      ' repeat the request with explicit sessionIds for the rest.';
  }
  return {
    sessionsEvaluated: outcome.sessionsEvaluated,
    sessionsFailed: outcome.failures.length,
    evaluationsCreated: outcome.evaluationsCreated,
    failures: outcome.failures,
    message,
    totalSessionsAvailable: outcome.totalSessionsAvailable,
    truncated: outcome.truncated,
  };
}
