import { IllegalTransition } from '../errors.ts';

export const MONITOR_STATUSES = ['ACTIVE', 'PAUSED', 'CAPPED', 'NO_CREDITS', 'FAILING'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** The statuses a user may set; the others are the platform's. */
export const USER_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * `resume` and `pause` are a user's; `cap`/`uncap` follow the monthly credit cap, `exhaust`/`replenish` the
 * organization's credits, `fail` ten failed evaluations in a row (only a user's `resume` ends FAILING).
 */
export type MonitorEvent = 'resume' | 'pause' | 'cap' | 'uncap' | 'exhaust' | 'replenish' | 'fail';

/** The one transition table of a monitor's status. */
export const MONITOR_TRANSITIONS: Record<MonitorStatus, Partial<Record<MonitorEvent, MonitorStatus>>> = {
  ACTIVE: { resume: 'ACTIVE', pause: 'PAUSED', cap: 'CAPPED', exhaust: 'NO_CREDITS', fail: 'FAILING' },
  PAUSED: { resume: 'ACTIVE', pause: 'PAUSED' },
  CAPPED: { resume: 'ACTIVE', pause: 'PAUSED', uncap: 'ACTIVE', cap: 'CAPPED', fail: 'FAILING' },
  NO_CREDITS: { resume: 'ACTIVE', pause: 'PAUSED', replenish: 'ACTIVE', exhaust: 'NO_CREDITS', fail: 'FAILING' },
  FAILING: { resume: 'ACTIVE', pause: 'PAUSED' },
};

export function transition(status: MonitorStatus, event: MonitorEvent): MonitorStatus {
  const next = MONITOR_TRANSITIONS[status][event];
  if (!next) throw new IllegalTransition(status, event);
  return next;
}

/** Whether the platform event applies to this status (a PAUSED monitor is never capped, a FAILING one never uncapped). */
export const canTransition = (status: MonitorStatus, event: MonitorEvent): boolean =>
  MONITOR_TRANSITIONS[status][event] !== undefined;

/** Statuses whose monitor the discovery tick looks at: ACTIVE scores, CAPPED and NO_CREDITS may turn ACTIVE again. */
export const WATCHED_STATUSES: readonly MonitorStatus[] = ['ACTIVE', 'CAPPED', 'NO_CREDITS'];
