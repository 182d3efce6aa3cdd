import type { InferenceResult } from '../tracing/inference-result.ts';
import { sumTokenUsage, type TokenUsage } from '../tracing/token-usage.ts';
import type { SpanReport } from './turn-pricing.ts';

/** One GENERATION span's part of its turn's report. */
export interface SpanUsageRow {
  readonly inferenceResultId: string;
  readonly model: string | null;
  readonly usage: TokenUsage | null;
  readonly startTime: string | null;
}

const startOf = (row: SpanUsageRow) => row.startTime ?? '';

/**
 * Whether a span can change its turn's price: a GENERATION span naming a model or reporting token usage. Any other
 * adds nothing to its turn's report (no usage to sum, no model to prefer), so storing it leaves the price as it was.
 */
export const changesPrice = (span: {
  readonly type: string;
  readonly model: string | null;
  readonly usage: TokenUsage | null;
}): boolean => span.type === 'GENERATION' && (span.model !== null || span.usage !== null);

/**
 * Spans' rows as each turn's report: usage summed, the model of the last span (by start time; among equal times the
 * last given) naming one. Linear in the rows.
 */
export function spanReports(rows: readonly SpanUsageRow[]): Map<string, SpanReport> {
  const byTurn = new Map<string, { usages: (TokenUsage | null)[]; model: SpanUsageRow | null }>();
  for (const row of rows) {
    let turn = byTurn.get(row.inferenceResultId);
    if (!turn) {
      turn = { usages: [], model: null };
      byTurn.set(row.inferenceResultId, turn);
    }
    turn.usages.push(row.usage);
    if (row.model !== null && (turn.model === null || startOf(row) >= startOf(turn.model))) turn.model = row;
  }
  const reports = new Map<string, SpanReport>();
  for (const [id, turn] of byTurn)
    reports.set(id, { usage: sumTokenUsage(turn.usages), model: turn.model?.model ?? null });
  return reports;
}

/** The usage a turn holds from its spans (null unless its usage came from them). */
function usageFromSpans(turn: InferenceResult): TokenUsage | null {
  if (turn.usageSource !== 'SPANS') return null;
  const { inputTokens, outputTokens, totalTokens, cacheReadInputTokens, cacheCreationInputTokens } = turn;
  return { inputTokens, outputTokens, totalTokens, cacheReadInputTokens, cacheCreationInputTokens };
}

/**
 * The report of all a turn's GENERATION spans, from the turn as priced before and the report of spans newly stored
 * for it (never stored before: each span counts once), without reading the earlier spans: their usage is the turn's
 * when it came from spans, and their model the turn's when it came from spans. Null when that is not enough to know:
 * the new spans name another model than the earlier ones, and which started last decides.
 */
export function withArrivedSpans(turn: InferenceResult, arrived: SpanReport): SpanReport | null {
  const earlierModel = turn.modelSource === 'SPANS' ? turn.model : null;
  if (earlierModel !== null && arrived.model !== null && arrived.model !== earlierModel) return null;
  return {
    usage: sumTokenUsage([usageFromSpans(turn), arrived.usage]),
    model: earlierModel ?? arrived.model,
  };
}
