import type { UsageCounts } from '../../domain/cost/usage.ts';

const COUNTS = ['inferenceResultCount', 'inputTokens', 'outputTokens', 'cacheReadInputTokens', 'costNanos'] as const;

/**
 * Deltas of the same rollup row added together (one statement may not touch a row twice); zero deltas dropped. By day
 * (the hour left out) for the daily rollups, or by day and hour for the hourly ones.
 */
export function mergeUsage(deltas: readonly UsageCounts[], by: 'day' | 'hour' = 'day'): UsageCounts[] {
  const rows = new Map<string, Record<string, number | string>>();
  for (const delta of deltas) {
    const hour = by === 'hour' ? delta.hour : undefined;
    const key = JSON.stringify([delta.organizationId, delta.day, hour, delta.versionId, delta.model]);
    const row = rows.get(key);
    if (!row) rows.set(key, by === 'hour' ? { ...delta } : { ...delta, hour: 0 });
    else for (const field of COUNTS) row[field] = (row[field] as number) + delta[field];
  }
  return [...rows.values()].filter((row) => COUNTS.some((field) => row[field] !== 0)) as unknown as UsageCounts[];
}
