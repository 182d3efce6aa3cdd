import type { SpanReport } from '../../domain/cost/turn-pricing.ts';
import type { UsageCounts } from '../../domain/cost/usage.ts';
import { sumTokenUsage, type TokenUsage } from '../../domain/tracing/token-usage.ts';

/** One GENERATION span's part of its turn's report. */
export interface SpanUsageRow {
  readonly inferenceResultId: string;
  readonly model: string | null;
  readonly usage: TokenUsage | null;
  readonly startTime: string | null;
}

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

/** Spans' rows as each turn's report: usage summed, the model of the last span (by start time) naming one. */
export function reportsOf(rows: readonly SpanUsageRow[]): Map<string, SpanReport> {
  const byTurn = new Map<string, SpanUsageRow[]>();
  for (const row of rows) byTurn.set(row.inferenceResultId, [...(byTurn.get(row.inferenceResultId) ?? []), row]);
  const reports = new Map<string, SpanReport>();
  for (const [id, spans] of byTurn) {
    const time = (row: SpanUsageRow) => row.startTime ?? '';
    const ordered = [...spans].sort((a, b) => (time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : 0));
    reports.set(id, {
      usage: sumTokenUsage(ordered.map((span) => span.usage)),
      model: [...ordered].reverse().find((span) => span.model !== null)?.model ?? null,
    });
  }
  return reports;
}
