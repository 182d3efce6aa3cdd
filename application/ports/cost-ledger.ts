import type { SpanReport } from '../../domain/cost/turn-pricing.ts';
import type { UsageCounts, UsageFilter, UsageRow } from '../../domain/cost/usage.ts';

/** Tokens and cost summed over some turns (cost in nano-dollars). */
export interface TokenTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costNanos: number;
}

/**
 * What costs are read from and added up in: the usage rollups (daily: one row per organization, UTC day, version and
 * model; hourly: the same plus the hour; minute: the same plus the minute of the hour; all grown by `addUsage` in the
 * caller's transaction), turn totals per session and per run, and the GENERATION spans' usage per turn. Every read is
 * scoped to one organization.
 */
export interface CostLedger {
  /** Adds each delta to its daily, its hourly and its minute rollup row (created at zero), all three or none. */
  addUsage(deltas: readonly UsageCounts[]): Promise<void>;
  /** The organization's daily rollup rows of whole days in [fromDay, toDay) that pass the filter. */
  usageRows(scope: string, filter: UsageFilter & { fromDay: string; toDay: string }): Promise<UsageRow[]>;
  /**
   * The organization's hourly rollup rows of one day's whole hours in [fromHour, toHour) that pass the filter, summed
   * per day, version and model in the store (the hours fold into their day).
   */
  hourlyUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; fromHour: number; toHour: number },
  ): Promise<UsageRow[]>;
  /**
   * The organization's minute rollup rows of one hour's whole minutes in [fromMinute, toMinute) that pass the filter,
   * summed per day, version and model in the store (the minutes fold into their day).
   */
  minuteUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; hour: number; fromMinute: number; toMinute: number },
  ): Promise<UsageRow[]>;
  /**
   * The organization's turns created in [from, to) (ISO timestamps; deleted turns too, as in the rollups) that pass
   * the filter, summed per UTC day, version and model in the store: the rows the rollups would hold for that span.
   */
  turnUsage(scope: string, filter: UsageFilter & { from: string; to: string }): Promise<UsageRow[]>;
  /** Live turns' totals per session (sessions without turns are left out). */
  sessionTotals(scope: string, sessionIds: readonly string[]): Promise<Map<string, TokenTotals>>;
  /** Totals per run over the sessions its evaluations cover and its launches generated. */
  runTotals(scope: string, runIds: readonly string[]): Promise<Map<string, TokenTotals>>;
  /** Per turn, its live GENERATION spans' summed usage and the model of the last one naming one (by start time). */
  generationReports(scope: string | null, inferenceResultIds: readonly string[]): Promise<Map<string, SpanReport>>;
}
