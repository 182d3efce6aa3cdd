import { IssueCollector } from '../errors.ts';
import type { InferenceResult } from '../tracing/inference-result.ts';

export const USAGE_GROUPS = ['day', 'version', 'model'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** What a daily usage rollup row counts (one per organization, UTC day, version and model). */
export interface UsageRow {
  readonly organizationId: string;
  /** UTC day, `YYYY-MM-DD`. */
  readonly day: string;
  readonly productId: string;
  readonly versionId: string;
  /** The turn's model name, '' when none. */
  readonly model: string;
  readonly inferenceResultCount: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly costNanos: number;
}

/**
 * A delta to the rollups, or an hourly or minute rollup row: a daily row's fields plus the UTC hour of its day (0–23)
 * and the minute of that hour (0–59; an hourly row's is 0).
 */
export interface UsageCounts extends UsageRow {
  readonly hour: number;
  readonly minute: number;
}

export interface UsageFilter {
  readonly productIds?: readonly string[];
  readonly versionIds?: readonly string[];
  readonly models?: readonly string[];
}

/** One line of `GET /usage`. */
export interface UsageLine {
  readonly day?: string;
  readonly versionId?: string;
  readonly model?: string | null;
  readonly inferenceResultCount: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cost: number;
}

/** A turn's part in the rollups (`sign` -1 takes it back out), or null for a deleted turn. */
export function usageOf(
  result: InferenceResult,
  where: { productId: string; versionId: string },
  sign: 1 | -1,
  counted: boolean,
): UsageCounts {
  return {
    organizationId: result.organizationId,
    day: result.createdAt.slice(0, 10),
    hour: new Date(result.createdAt).getUTCHours(),
    minute: new Date(result.createdAt).getUTCMinutes(),
    productId: where.productId,
    versionId: where.versionId,
    model: result.model ?? '',
    inferenceResultCount: counted ? sign : 0,
    inputTokens: sign * (result.inputTokens ?? 0),
    outputTokens: sign * (result.outputTokens ?? 0),
    cacheReadInputTokens: sign * (result.cacheReadInputTokens ?? 0),
    costNanos: sign * (result.costNanos ?? 0),
  };
}

/** Whether two parts fall on the same rollup row. */
const sameRow = (a: UsageCounts, b: UsageCounts) =>
  a.day === b.day && a.hour === b.hour && a.minute === b.minute && a.versionId === b.versionId && a.model === b.model;

/** What changed between a turn's old part and its new one: nothing, or one or two deltas. */
export function usageDeltas(before: UsageCounts | null, after: UsageCounts): UsageCounts[] {
  if (before === null) return [after];
  if (!sameRow(before, after)) return [before, after];
  const delta = { ...after };
  for (const field of COUNT_FIELDS) (delta as Record<string, unknown>)[field] = after[field] + before[field];
  return COUNT_FIELDS.every((field) => delta[field] === 0) ? [] : [delta];
}

const COUNT_FIELDS = [
  'inferenceResultCount',
  'inputTokens',
  'outputTokens',
  'cacheReadInputTokens',
  'costNanos',
] as const;

/** The grouping asked: one or two of day, version, model, each once. */
export function parseGroupBy(value: string): UsageGroup[] {
  const groups = value.split(',').map((group) => group.trim());
  const issues = new IssueCollector();
  issues.check(groups.length >= 1 && groups.length <= 2, 'groupBy', 'must name one or two of day, version, model');
  for (const group of groups)
    issues.check((USAGE_GROUPS as readonly string[]).includes(group), 'groupBy', `unknown grouping "${group}"`);
  issues.check(new Set(groups).size === groups.length, 'groupBy', 'must not repeat a grouping');
  issues.throwIfAny();
  return groups as UsageGroup[];
}

/** Rows summed by the grouping, sorted by its keys; cost answered in dollars from exact nano-dollar sums. */
export function groupUsage(rows: readonly UsageRow[], groups: readonly UsageGroup[]): UsageLine[] {
  const lines = new Map<string, { key: Partial<UsageRow>; sums: Record<(typeof COUNT_FIELDS)[number], number> }>();
  for (const row of rows) {
    const key: Partial<UsageRow> = {};
    if (groups.includes('day')) Object.assign(key, { day: row.day });
    if (groups.includes('version')) Object.assign(key, { versionId: row.versionId });
    if (groups.includes('model')) Object.assign(key, { model: row.model });
    const id = JSON.stringify([key.day, key.versionId, key.model]);
    let line = lines.get(id);
    if (!line) {
      line = {
        key,
        sums: { inferenceResultCount: 0, inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, costNanos: 0 },
      };
      lines.set(id, line);
    }
    for (const field of COUNT_FIELDS) line.sums[field] += row[field];
  }
  // A rollup row whose turns all moved elsewhere (a turn given its version's model) stays, at zero: no line for it.
  return [...lines.entries()]
    .filter(([, { sums }]) => COUNT_FIELDS.some((field) => sums[field] !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { key, sums }]) => ({
      ...(key.day === undefined ? {} : { day: key.day }),
      ...(key.versionId === undefined ? {} : { versionId: key.versionId }),
      ...(key.model === undefined ? {} : { model: key.model === '' ? null : key.model }),
      inferenceResultCount: sums.inferenceResultCount,
      inputTokens: sums.inputTokens,
      outputTokens: sums.outputTokens,
      cacheReadInputTokens: sums.cacheReadInputTokens,
      cost: sums.costNanos / 1e9,
    }));
}
