import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';

/** The days an organization may keep its spans: null keeps them forever; else 1 day to 10 years. */
export const TRACE_RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** At most this many rows are deleted in one transaction, so a sweep never holds a long write lock. */
export const MAX_SWEEP_CHUNK_ROWS = 5000;

const DAY_MS = 86_400_000;

/** Adds a problem to `issues` when `days` is not a whole number of days in range (null is fine: keep forever). */
export function checkTraceRetentionDays(issues: IssueCollector, days: number | null | undefined): void {
  if (days === null || days === undefined) return;
  issues.check(
    Number.isInteger(days) && days >= TRACE_RETENTION_DAYS.min && days <= TRACE_RETENTION_DAYS.max,
    'traceRetentionDays',
    `must be a whole number from ${TRACE_RETENTION_DAYS.min} to ${TRACE_RETENTION_DAYS.max}, or null to keep spans forever`,
  );
}

/** Spans that started before this instant have outlived a retention of `days` at `now` (ISO strings). */
export function retentionCutoff(now: string, days: number): string {
  return new Date(Date.parse(now) - days * DAY_MS).toISOString();
}

/** Records soft-deleted before this instant are purged at `now`, `purgeAfterSeconds` (≥ 0) after their deletion. */
export function purgeCutoff(now: string, purgeAfterSeconds: number): string {
  const issues = new IssueCollector();
  issues.check(
    Number.isFinite(purgeAfterSeconds) && purgeAfterSeconds >= 0,
    'purgeAfterSeconds',
    'must be a number of seconds, 0 or more',
  );
  issues.throwIfAny();
  return new Date(Date.parse(now) - purgeAfterSeconds * 1000).toISOString();
}

/** Sweeping deletes for good across every organization: only a platform ADMIN may start one. */
export function assertMaySweep(actor: Actor): void {
  if (actor.role !== 'ADMIN') throw new Forbidden('Only a platform ADMIN may run the retention and purge sweep');
}
