import type { UsageCounts } from '../../domain/cost/usage.ts';

const COUNTS = ['inferenceResultCount', 'inputTokens', 'outputTokens', 'cacheReadInputTokens', 'costNanos'] as const;

/**
 * Deltas of the same rollup row added together (one statement may not touch a row twice); zero deltas dropped. By day
 * (hour and minute answered as 0) for the daily rollups, by day and hour (minute 0) for the hourly ones, or by day,
 * hour and minute for the minute ones.
 */
export function mergeUsage(deltas: readonly UsageCounts[], by: 'day' | 'hour' | 'minute' = 'day'): UsageCounts[] {
  const rows = new Map<string, Record<string, number | string>>();
  for (const delta of deltas) {
    const hour = by === 'day' ? 0 : delta.hour;
    const minute = by === 'minute' ? delta.minute : 0;
    const key = JSON.stringify([delta.organizationId, delta.day, hour, minute, delta.versionId, delta.model]);
    const row = rows.get(key);
    if (!row) rows.set(key, { ...delta, hour, minute });
    else for (const field of COUNTS) row[field] = (row[field] as number) + delta[field];
  }
  return [...rows.values()].filter((row) => COUNTS.some((field) => row[field] !== 0)) as unknown as UsageCounts[];
}
