import { IssueCollector } from '../errors.ts';
import { checkName, patch } from '../shared/fields.ts';
import type { Creation, StoredRecord, Versioned } from '../shared/record.ts';
import { checkContentFilter, type ContentFilter, type ContentFilterInput } from './content-filter.ts';
import { type MonitorStatus, transition, type UserStatus } from './monitor-status.ts';

export const MAX_MONITOR_METRICS = 20;
export const DEFAULT_SAMPLING_PERCENTAGE = 10;
export const DEFAULT_IDLE_SECONDS = 1800;
export const MAX_IDLE_SECONDS = 86_400;

/**
 * Sampled online evaluation of a product's production sessions. The platform keeps, besides what users see, the month
 * its credit count belongs to, the failures in a row, and how far discovery has looked: `discoveredThrough` (activity
 * up to then has been examined for idleness) and `completedThrough` (completions up to then have been examined).
 */
export interface Monitor extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly name: string;
  readonly productId: string;
  readonly versionId: string | null;
  readonly metricIds: readonly string[];
  readonly samplingPercentage: number;
  readonly monthlyCreditCap: number | null;
  readonly contentFilter: ContentFilter | null;
  readonly idleSeconds: number;
  readonly status: MonitorStatus;
  readonly statusReason: string | null;
  readonly creditsUsedThisMonth: number;
  readonly creditMonth: string;
  readonly evaluationCount: number;
  readonly consecutiveFailures: number;
  readonly discoveredThrough: string;
  readonly completedThrough: string;
  readonly updatedAt: string;
}

export interface NewMonitor {
  readonly name: string;
  readonly productId: string;
  readonly versionId?: string | null;
  readonly metricIds: readonly string[];
  readonly samplingPercentage?: number | null;
  readonly monthlyCreditCap?: number | null;
  readonly contentFilter?: ContentFilterInput | null;
  readonly idleSeconds?: number | null;
}

export interface MonitorChanges {
  readonly name?: string;
  readonly versionId?: string | null;
  readonly metricIds?: readonly string[];
  readonly samplingPercentage?: number;
  readonly monthlyCreditCap?: number | null;
  readonly contentFilter?: ContentFilterInput | null;
  readonly idleSeconds?: number;
  readonly status?: UserStatus;
}

/** The calendar month (UTC) of an ISO time: `2026-11`. */
export const monthOf = (iso: string): string => iso.slice(0, 7);

const shifted = (iso: string, seconds: number): string => new Date(Date.parse(iso) - seconds * 1000).toISOString();

function validate(issues: IssueCollector, input: Partial<NewMonitor>, creating: boolean): ContentFilter | null {
  checkName(issues, 'name', input.name, { required: creating });
  if (input.metricIds !== undefined) {
    const count = new Set(input.metricIds).size;
    issues.check(
      count >= 1 && count <= MAX_MONITOR_METRICS,
      'metricIds',
      `must name 1 to ${MAX_MONITOR_METRICS} metrics`,
    );
  }
  const sampling = input.samplingPercentage;
  if (sampling !== undefined && sampling !== null)
    issues.check(sampling > 0 && sampling <= 100, 'samplingPercentage', 'must be above 0 and at most 100');
  const cap = input.monthlyCreditCap;
  if (cap !== undefined && cap !== null)
    issues.check(Number.isInteger(cap) && cap > 0, 'monthlyCreditCap', 'must be a positive integer or null');
  const idle = input.idleSeconds;
  if (idle !== undefined && idle !== null)
    issues.check(
      Number.isInteger(idle) && idle >= 1 && idle <= MAX_IDLE_SECONDS,
      'idleSeconds',
      `must be a whole number from 1 to ${MAX_IDLE_SECONDS}`,
    );
  return input.contentFilter ? checkContentFilter(issues, input.contentFilter) : null;
}

/** Starts watching now: sessions that become ready from now on (activity after now − idleSeconds, completions after now). */
const watchingFrom = (idleSeconds: number, now: string) => ({
  discoveredThrough: shifted(now, idleSeconds),
  completedThrough: now,
});

/** A new ACTIVE monitor; the metrics and the version are checked by the caller against the organization's records. */
export function createMonitor(input: NewMonitor, { id, organizationId, now }: Creation): Monitor {
  const issues = new IssueCollector();
  const contentFilter = validate(issues, input, true);
  issues.throwIfAny();
  const idleSeconds = input.idleSeconds ?? DEFAULT_IDLE_SECONDS;
  return {
    id,
    organizationId,
    name: input.name.trim(),
    productId: input.productId,
    versionId: input.versionId ?? null,
    metricIds: [...new Set(input.metricIds)],
    samplingPercentage: input.samplingPercentage ?? DEFAULT_SAMPLING_PERCENTAGE,
    monthlyCreditCap: input.monthlyCreditCap ?? null,
    contentFilter,
    idleSeconds,
    status: 'ACTIVE',
    statusReason: null,
    creditsUsedThisMonth: 0,
    creditMonth: monthOf(now),
    evaluationCount: 0,
    consecutiveFailures: 0,
    ...watchingFrom(idleSeconds, now),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

/**
 * A user's change. Setting ACTIVE (from PAUSED or a platform status) starts watching afresh, so sessions that became
 * ready meanwhile are not scored later; raising or clearing the cap of a CAPPED monitor makes it ACTIVE again.
 */
export function changeMonitor(monitor: Monitor, changes: MonitorChanges, now: string): Monitor {
  const issues = new IssueCollector();
  const contentFilter = validate(issues, changes, false);
  issues.throwIfAny();
  let next = patch(monitor, {
    ...changes,
    name: changes.name?.trim(),
    metricIds: changes.metricIds ? [...new Set(changes.metricIds)] : undefined,
    contentFilter: changes.contentFilter === undefined ? undefined : contentFilter,
    status: undefined,
    updatedAt: now,
  } as Partial<Monitor>);
  if (changes.status === 'PAUSED') next = { ...next, status: transition(next.status, 'pause'), statusReason: null };
  if (changes.status === 'ACTIVE' && next.status !== 'ACTIVE') {
    const status = transition(next.status, 'resume');
    next = { ...next, status, statusReason: null, consecutiveFailures: 0, ...watchingFrom(next.idleSeconds, now) };
  }
  if (next.status === 'CAPPED' && changes.monthlyCreditCap !== undefined && !atCap(next))
    next = { ...next, status: transition(next.status, 'uncap'), statusReason: null };
  return next;
}

/** Whether the monitor has spent its monthly cap. */
export const atCap = (monitor: Pick<Monitor, 'monthlyCreditCap' | 'creditsUsedThisMonth'>): boolean =>
  monitor.monthlyCreditCap !== null && monitor.creditsUsedThisMonth >= monitor.monthlyCreditCap;

/** Metric sources a monitor cannot score on its own: a person scores HUMAN metrics, the caller SELF_HOSTED ones. */
export const UNMONITORED_SOURCES: readonly string[] = ['HUMAN', 'SELF_HOSTED'];

/** Refuses metrics whose source a monitor cannot score (400 naming each). */
export function checkMonitorMetrics(metrics: readonly { id: string; source: string }[]): void {
  const issues = new IssueCollector();
  for (const [index, metric] of metrics.entries())
    issues.check(
      !UNMONITORED_SOURCES.includes(metric.source),
      `metricIds.${index}`,
      `metric ${metric.id} is ${metric.source}: a monitor scores only LLM_JUDGE and DETERMINISTIC metrics`,
    );
  issues.throwIfAny();
}

/** A version of another product cannot narrow the monitor (400). */
export function checkMonitorVersion(productId: string, version: { id: string; productId: string } | null): void {
  const issues = new IssueCollector();
  if (version)
    issues.check(version.productId === productId, 'versionId', `version ${version.id} belongs to another product`);
  issues.throwIfAny();
}
