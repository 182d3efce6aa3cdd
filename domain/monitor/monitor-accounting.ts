import { OUT_OF_CREDITS } from '../evaluation/decide-scoring.ts';

const OUT_OF_CREDITS_ERROR = OUT_OF_CREDITS.kind === 'skipped' ? OUT_OF_CREDITS.error : null;
import { atCap, type Monitor, monthOf } from './monitor.ts';
import { canTransition, type MonitorEvent, transition } from './monitor-status.ts';

/** Failed evaluations in a row that turn a monitor FAILING. */
export const FAILURES_BEFORE_FAILING = 10;

/** One scored evaluation of the monitor, as accounting reads it. */
export interface MonitorOutcome {
  readonly status: string;
  readonly creditsUsed: number | null;
  readonly error: string | null;
}

/** The platform's status change when it applies to the monitor's status; else the monitor as it is. */
function apply(monitor: Monitor, event: MonitorEvent, statusReason: string | null): Monitor {
  if (!canTransition(monitor.status, event)) return monitor;
  const status = transition(monitor.status, event);
  return status === monitor.status ? monitor : { ...monitor, status, statusReason };
}

/** A new calendar month starts the credit count afresh, and a CAPPED monitor turns ACTIVE. */
export function rollMonth(monitor: Monitor, now: string): Monitor {
  if (monthOf(now) === monitor.creditMonth) return monitor;
  const fresh = { ...monitor, creditMonth: monthOf(now), creditsUsedThisMonth: 0 };
  return monitor.status === 'CAPPED' ? apply(fresh, 'uncap', null) : fresh;
}

const capReason = (monitor: Monitor) => `Monthly credit cap of ${monitor.monthlyCreditCap} credits reached`;

/**
 * What the discovery tick decides before it queues: the month rolls over, a CAPPED monitor under its cap and a
 * NO_CREDITS one whose organization can pay again turn ACTIVE; an ACTIVE one whose organization cannot pay one
 * LLM-judge evaluation turns NO_CREDITS. `judgeCost` is what one evaluation costs (0 when it costs nothing).
 */
export function reviewMonitor(
  monitor: Monitor,
  { now, availableCredits, judgeCost }: { now: string; availableCredits: number; judgeCost: number },
): Monitor {
  let next = rollMonth(monitor, now);
  if (next.status === 'CAPPED' && !atCap(next)) next = apply(next, 'uncap', null);
  if (next.status === 'ACTIVE' && atCap(next)) next = apply(next, 'cap', capReason(next));
  const canPay = judgeCost === 0 || availableCredits >= judgeCost;
  if (next.status === 'NO_CREDITS' && canPay) next = apply(next, 'replenish', null);
  if (next.status === 'ACTIVE' && !canPay)
    next = apply(next, 'exhaust', 'The organization has no credits left for LLM-judge evaluations');
  return next;
}

/** Discovery stopped queuing because the next session would exceed the cap. */
export const capMonitor = (monitor: Monitor): Monitor => apply(monitor, 'cap', capReason(monitor));

/**
 * Scored evaluations of the monitor, in the order they were scored: their credits count against this month's cap,
 * failures in a row are counted (a SUCCESS resets the count; ten turn the monitor FAILING with the last error), and
 * an evaluation skipped for lack of credits turns it NO_CREDITS.
 */
export function recordOutcomes(monitor: Monitor, outcomes: readonly MonitorOutcome[], now: string): Monitor {
  let next = rollMonth(monitor, now);
  let failures = next.consecutiveFailures;
  let lastError: string | null = null;
  let outOfCredits = false;
  let credits = 0;
  for (const outcome of outcomes) {
    credits += outcome.creditsUsed ?? 0;
    if (outcome.status === 'SUCCESS' || outcome.status === 'PENDING_HUMAN') failures = 0;
    if (outcome.status === 'FAILED') {
      failures += 1;
      lastError = outcome.error;
    }
    if (outcome.status === 'SKIPPED' && outcome.error === OUT_OF_CREDITS_ERROR) outOfCredits = true;
  }
  next = {
    ...next,
    creditsUsedThisMonth: next.creditsUsedThisMonth + credits,
    consecutiveFailures: failures,
    updatedAt: now,
  };
  if (failures >= FAILURES_BEFORE_FAILING)
    next = apply(next, 'fail', `${failures} evaluations failed in a row; the last: ${lastError ?? 'unknown error'}`);
  if (outOfCredits) next = apply(next, 'exhaust', 'The organization has no credits left for LLM-judge evaluations');
  if (atCap(next)) next = apply(next, 'cap', capReason(next));
  return next;
}
