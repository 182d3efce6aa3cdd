import { z } from 'zod';
import type { Alert } from '../../../domain/monitor/alert.ts';
import {
  ALERT_WINDOWS,
  type AlertRule,
  type AlertRuleChanges,
  type NewAlertRule,
} from '../../../domain/monitor/alert-rule.ts';
import { FILTER_FIELDS } from '../../../domain/monitor/content-filter.ts';
import { MONITOR_STATUSES, USER_STATUSES } from '../../../domain/monitor/monitor-status.ts';
import type { Monitor, MonitorChanges, NewMonitor } from '../../../domain/monitor/monitor.ts';
import { listQuery, nameFilters, nullableTimestamp, paging, q, recordName, timestamp } from './common.ts';
import { ownedRecordIds, recordResponse, requestBody } from './record-fields.ts';

const id = z.string().min(1).max(80);
/** An optional field of a new record: an explicit null means the same as leaving it out. */
const orAbsent = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((value) => value ?? undefined);

const terms = z.array(z.string().min(1).max(200)).max(50, 'at most 50 terms');

const contentFilter = z
  .strictObject({
    include: terms.optional().describe('At least one of these terms must be present (any case, as a substring)'),
    exclude: terms.optional().describe('None of these terms may be present'),
    field: z.enum(FILTER_FIELDS).optional().describe("Which side of the session's turns is read (default EITHER)"),
  })
  .meta({ id: 'MonitorContentFilter' });

const shownFilter = z
  .object({
    include: z.array(z.string()).readonly(),
    exclude: z.array(z.string()).readonly(),
    field: z.enum(FILTER_FIELDS),
  })
  .readonly();

export const monitor = recordResponse<
  Monitor,
  'version' | 'creditMonth' | 'consecutiveFailures' | 'discoveredThrough' | 'completedThrough'
>({ id: 'Monitor' })({
  ...ownedRecordIds,
  name: z.string(),
  productId: z.string(),
  versionId: z.string().nullable().describe('The one version watched; null: every version of the product'),
  metricIds: z.array(z.string()),
  samplingPercentage: z.number().describe('Share of ready sessions scored, decided by a hash of (monitor, session)'),
  monthlyCreditCap: z.number().int().nullable(),
  contentFilter: shownFilter.nullable(),
  idleSeconds: z.number().int().describe('A session with no turn or span for this long is ready'),
  status: z.enum(MONITOR_STATUSES),
  statusReason: z.string().nullable(),
  creditsUsedThisMonth: z.number().describe('Credits its evaluations spent this calendar month (UTC)'),
  evaluationCount: z.number().int().describe('Evaluations it queued'),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: nullableTimestamp,
});

const sampling = z.number().gt(0).max(100);
const cap = z.number().int().positive().max(1_000_000_000);
const idle = z.number().int().min(1).max(86_400);

export const monitorCreate = requestBody<NewMonitor>({ id: 'MonitorCreate' })({
  name: recordName,
  productId: id,
  versionId: orAbsent(id),
  metricIds: z.array(id).min(1).max(20, 'at most 20 metrics'),
  samplingPercentage: orAbsent(sampling).describe('Above 0, at most 100; default 10'),
  monthlyCreditCap: orAbsent(cap).describe('Credits its evaluations may spend per calendar month; default none'),
  contentFilter: orAbsent(contentFilter),
  idleSeconds: orAbsent(idle).describe('Default 1800'),
});

export const monitorUpdate = requestBody<MonitorChanges>({ id: 'MonitorUpdate' })({
  name: recordName.optional(),
  versionId: id.nullable().optional(),
  metricIds: z.array(id).min(1).max(20, 'at most 20 metrics').optional(),
  samplingPercentage: sampling.optional(),
  monthlyCreditCap: cap.nullable().optional(),
  contentFilter: contentFilter.nullable().optional(),
  idleSeconds: idle.optional(),
  status: z.enum(USER_STATUSES).optional().describe('ACTIVE or PAUSED; the other statuses are set by the platform'),
});

export const monitorQuery = listQuery({
  filters: {
    productIds: q.strings(),
    versionIds: q.strings(),
    statuses: q.enums(MONITOR_STATUSES),
    ...nameFilters,
  },
  sort: ['createdAt', 'name', 'updatedAt'],
});

export const backfillBody = z
  .strictObject({ from: timestamp, to: timestamp })
  .meta({ id: 'MonitorBackfill' })
  .describe('ISO times at most 31 days apart');

export const backfillReport = z.object({ queued: z.number().int() }).meta({ id: 'MonitorBackfillReport' });

export const alertRule = recordResponse<AlertRule, 'version'>({ id: 'AlertRule' })({
  ...ownedRecordIds,
  monitorId: z.string(),
  metricId: z.string(),
  window: z.enum(ALERT_WINDOWS),
  badScoreBelow: z.number(),
  countThreshold: z.number().int(),
  emails: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: nullableTimestamp,
});

const emails = z.array(z.string().min(3).max(254)).min(1).max(20, 'at most 20 addresses');
const score = z.number().min(0).max(1);
const threshold = z.number().int().min(1).max(1_000_000);

export const alertRuleCreate = requestBody<NewAlertRule>({ id: 'AlertRuleCreate' })({
  metricId: id,
  window: z.enum(ALERT_WINDOWS),
  badScoreBelow: score,
  countThreshold: threshold,
  emails,
});

export const alertRuleUpdate = requestBody<AlertRuleChanges>({ id: 'AlertRuleUpdate' })({
  metricId: id.optional(),
  window: z.enum(ALERT_WINDOWS).optional(),
  badScoreBelow: score.optional(),
  countThreshold: threshold.optional(),
  emails: emails.optional(),
});

export const alert = recordResponse<
  Alert,
  | 'version'
  | 'createdAt'
  | 'deletedAt'
  | 'organizationId'
  | 'monitorId'
  | 'notifiedStatus'
  | 'mailAttempts'
  | 'mailAttemptedAt'
>({
  id: 'Alert',
})({
  id: z.string(),
  ruleId: z.string(),
  status: z.enum(['OPEN', 'RECOVERED']),
  openedAt: timestamp,
  recoveredAt: nullableTimestamp,
  peakCount: z.number().int(),
  mailPending: z.boolean().meta({ description: 'A mail of this episode was refused and is sent again later' }),
});

export const nestedPage = z.strictObject(paging(['createdAt']));
export const ruleParams = z.strictObject({ id: z.string().min(1), ruleId: z.string().min(1) });
