import type { Alert } from './alert.ts';

/** An alert change a mail announces. */
export type AlertTransition = 'opened' | 'recovered';

/** Attempts at one owed mail before the platform gives up on it (and logs it). */
export const MAX_MAIL_ATTEMPTS = 30;

/** The mails an episode still owes, in order: from the status last mailed up to its status now. */
export function owedMails(alert: Pick<Alert, 'status' | 'notifiedStatus' | 'mailPending'>): AlertTransition[] {
  if (!alert.mailPending) return [];
  if (alert.status === 'OPEN') return alert.notifiedStatus === null ? ['opened'] : [];
  if (alert.notifiedStatus === 'RECOVERED') return [];
  return alert.notifiedStatus === 'OPEN' ? ['recovered'] : ['opened', 'recovered'];
}

/**
 * Whether an owed mail is due again in a tick that started at `tickStartedAt`: its last attempt is at least
 * `retrySeconds` old and came before the tick started (an attempt of a concurrent tick may still be under way).
 */
export function mailDue(alert: Alert, tickStartedAt: string, now: string, retrySeconds: number): boolean {
  if (!alert.mailPending || alert.mailAttemptedAt === null) return alert.mailPending;
  const attempted = Date.parse(alert.mailAttemptedAt);
  return attempted < Date.parse(tickStartedAt) && attempted + retrySeconds * 1000 <= Date.parse(now);
}

/** The episode as an attempt at its owed mails starts (written first: a concurrent tick's claim then goes stale). */
export const mailAttempted = (alert: Alert, now: string): Alert => ({
  ...alert,
  mailAttempts: alert.mailAttempts + 1,
  mailAttemptedAt: now,
});

/** The episode once its owed mails went out. */
export const mailDelivered = (alert: Alert): Alert => ({
  ...alert,
  notifiedStatus: alert.status,
  mailPending: false,
  mailAttempts: 0,
});

/** After a refused mail: the episode that gives up (after MAX_MAIL_ATTEMPTS), or null to try again later. */
export const mailRefused = (alert: Alert): Alert | null =>
  alert.mailAttempts >= MAX_MAIL_ATTEMPTS ? { ...alert, mailPending: false } : null;
