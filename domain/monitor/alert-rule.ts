import { IssueCollector } from '../errors.ts';
import { patch } from '../shared/fields.ts';
import type { Creation, StoredRecord, Versioned } from '../shared/record.ts';

export const ALERT_WINDOWS = ['15m', '1h', '6h', '24h'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];

export const WINDOW_SECONDS: Record<AlertWindow, number> = { '15m': 900, '1h': 3600, '6h': 21_600, '24h': 86_400 };

export const MAX_ALERT_EMAILS = 20;

/** When a monitor's evaluations of one metric score badly too often in a window, mail these addresses. */
export interface AlertRule extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly monitorId: string;
  readonly metricId: string;
  readonly window: AlertWindow;
  readonly badScoreBelow: number;
  readonly countThreshold: number;
  readonly emails: readonly string[];
  readonly updatedAt: string;
}

export interface NewAlertRule {
  readonly metricId: string;
  readonly window: AlertWindow;
  readonly badScoreBelow: number;
  readonly countThreshold: number;
  readonly emails: readonly string[];
}

export type AlertRuleChanges = Partial<NewAlertRule>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(input: Partial<NewAlertRule>): void {
  const issues = new IssueCollector();
  if (input.window !== undefined)
    issues.check(ALERT_WINDOWS.includes(input.window), 'window', 'must be 15m, 1h, 6h or 24h');
  if (input.badScoreBelow !== undefined)
    issues.check(input.badScoreBelow >= 0 && input.badScoreBelow <= 1, 'badScoreBelow', 'must be between 0 and 1');
  if (input.countThreshold !== undefined)
    issues.check(
      Number.isInteger(input.countThreshold) && input.countThreshold >= 1 && input.countThreshold <= 1_000_000,
      'countThreshold',
      'must be a whole number from 1 to 1,000,000',
    );
  if (input.emails !== undefined) {
    issues.check(
      input.emails.length >= 1 && input.emails.length <= MAX_ALERT_EMAILS,
      'emails',
      `must name 1 to ${MAX_ALERT_EMAILS} addresses`,
    );
    for (const [index, email] of input.emails.entries())
      issues.check(email.length <= 254 && EMAIL.test(email), `emails.${index}`, 'must be an e-mail address');
  }
  issues.throwIfAny();
}

/** A new rule of a monitor; the caller checks that the metric is one of the monitor's. */
export function createAlertRule(
  input: NewAlertRule,
  monitorId: string,
  { id, organizationId, now }: Creation,
): AlertRule {
  validate(input);
  return {
    id,
    organizationId,
    monitorId,
    metricId: input.metricId,
    window: input.window,
    badScoreBelow: input.badScoreBelow,
    countThreshold: input.countThreshold,
    emails: [...new Set(input.emails)],
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function changeAlertRule(rule: AlertRule, changes: AlertRuleChanges, now: string): AlertRule {
  validate(changes);
  return patch(rule, { ...changes, emails: changes.emails ? [...new Set(changes.emails)] : undefined, updatedAt: now });
}
