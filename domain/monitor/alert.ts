import type { StoredRecord, Versioned } from '../shared/record.ts';
import type { AlertRule } from './alert-rule.ts';

export const ALERT_STATUSES = ['OPEN', 'RECOVERED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** One episode of a rule: opened when bad scores reached the threshold, recovered when they fell back far enough. */
export interface Alert extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly monitorId: string;
  readonly ruleId: string;
  readonly status: AlertStatus;
  readonly openedAt: string;
  readonly recoveredAt: string | null;
  readonly peakCount: number;
  /** The status whose e-mail went out (null: none yet); the mails between it and `status` are owed. */
  readonly notifiedStatus: AlertStatus | null;
  /** Whether a mail is owed and will be tried again on a later alert tick. */
  readonly mailPending: boolean;
  readonly mailAttempts: number;
  readonly mailAttemptedAt: string | null;
}

/** The count at or below which an open alert recovers: threshold − ⌊√threshold⌋ (hysteresis, so it does not flap). */
export const recoveryCount = (countThreshold: number): number => countThreshold - Math.floor(Math.sqrt(countThreshold));

/** A new episode of a rule, its opening mail owed and being attempted now. */
export const openedAlert = (
  creation: { id: string; organizationId: string; monitorId: string; ruleId: string; now: string },
  peakCount: number,
): Alert => ({
  id: creation.id,
  organizationId: creation.organizationId,
  monitorId: creation.monitorId,
  ruleId: creation.ruleId,
  status: 'OPEN',
  openedAt: creation.now,
  recoveredAt: null,
  peakCount,
  notifiedStatus: null,
  mailPending: true,
  mailAttempts: 1,
  mailAttemptedAt: creation.now,
  createdAt: creation.now,
  deletedAt: null,
  version: 0,
});

/** What one evaluation of a rule decides, given its open episode (at most one) and the bad scores in its window. */
export type AlertDecision =
  | { readonly kind: 'open'; readonly peakCount: number }
  | { readonly kind: 'recover'; readonly alert: Alert }
  | { readonly kind: 'peak'; readonly alert: Alert }
  | { readonly kind: 'none' };

export function decideAlert(
  rule: Pick<AlertRule, 'countThreshold'>,
  open: Alert | null,
  count: number,
  now: string,
): AlertDecision {
  if (!open) return count >= rule.countThreshold ? { kind: 'open', peakCount: count } : { kind: 'none' };
  if (count <= recoveryCount(rule.countThreshold))
    return {
      kind: 'recover',
      alert: {
        ...open,
        status: 'RECOVERED',
        recoveredAt: now,
        mailPending: true,
        mailAttempts: 1,
        mailAttemptedAt: now,
      },
    };
  if (count > open.peakCount) return { kind: 'peak', alert: { ...open, peakCount: count } };
  return { kind: 'none' };
}
