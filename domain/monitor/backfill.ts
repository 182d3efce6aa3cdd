import { IssueCollector } from '../errors.ts';

/** The longest period one backfill covers. */
export const MAX_BACKFILL_DAYS = 31;

/** Checks a backfill's period: two ISO times, `from` before `to`, at most 31 days apart. */
export function checkBackfillPeriod(period: { from: string; to: string }): void {
  const issues = new IssueCollector();
  const from = Date.parse(period.from);
  const to = Date.parse(period.to);
  issues.check(Number.isFinite(from), 'from', 'must be an ISO 8601 time');
  issues.check(Number.isFinite(to), 'to', 'must be an ISO 8601 time');
  if (Number.isFinite(from) && Number.isFinite(to)) {
    issues.check(from < to, 'to', 'must be after from');
    issues.check(
      to - from <= MAX_BACKFILL_DAYS * 86_400_000,
      'to',
      `must be at most ${MAX_BACKFILL_DAYS} days after from`,
    );
  }
  issues.throwIfAny();
}
