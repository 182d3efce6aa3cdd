import { QueryTypes, Transaction } from 'sequelize';
import type { CostLedger, TokenTotals } from '../../application/ports/cost-ledger.ts';
import type { SpanReport } from '../../domain/cost/turn-pricing.ts';
import type { UsageCounts, UsageFilter, UsageRow } from '../../domain/cost/usage.ts';
import { type SpanUsageRow, spanReports } from '../../domain/cost/span-reports.ts';
import { mergeUsage } from '../shared/cost-rows.ts';
import { boundValue } from './support/column-values.ts';
import type { DatabaseHandle } from './support/database.ts';
import { COST_SQL } from './support/cost-sql.ts';
import type { TransactionContext } from './support/transaction-context.ts';

const optionalList = (values: readonly string[] | undefined): string | null =>
  values === undefined ? null : JSON.stringify(values);

const numeric = <R extends object>(row: R, fields: readonly (keyof R)[]): R => {
  const out = { ...row } as Record<keyof R, unknown>;
  for (const field of fields) out[field] = Number(out[field] ?? 0);
  return out as R;
};

const COUNTS = ['inferenceResultCount', 'inputTokens', 'outputTokens', 'cacheReadInputTokens', 'costNanos'] as const;
type TotalsRow = TokenTotals & { key: string };

/** Grouped totals rows by their key, as numbers (PostgreSQL answers sums as text). */
const totalsByKey = (rows: readonly TotalsRow[]): Map<string, TokenTotals> =>
  new Map(
    rows.map(({ key, inputTokens, outputTokens, costNanos }) => [
      key,
      {
        inputTokens: Number(inputTokens ?? 0),
        outputTokens: Number(outputTokens ?? 0),
        costNanos: Number(costNanos ?? 0),
      },
    ]),
  );

/** The cost ledger on SQLite or PostgreSQL: fixed statements per dialect, values bound, lists as one JSON parameter. */
export class SequelizeCostLedger implements CostLedger {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  private get sql() {
    return COST_SQL[this.database.dialect === 'postgres' ? 'postgres' : 'sqlite'];
  }

  private select<R>(sql: string, bind: unknown[]): Promise<R[]> {
    return this.database.sequelize.query(sql, {
      bind,
      type: QueryTypes.SELECT,
      transaction: this.context.current(),
    }) as Promise<R[]>;
  }

  async addUsage(deltas: readonly UsageCounts[]): Promise<void> {
    const minutes = mergeUsage(deltas, 'minute');
    if (minutes.length === 0) return;
    const run = (sql: string, rows: readonly UsageCounts[]) =>
      this.database.sequelize.query(sql, { bind: [JSON.stringify(rows)], transaction: this.context.current() });
    // PostgreSQL grows the three rollups in one statement; SQLite has one statement per rollup.
    if (this.database.dialect === 'postgres') return void (await run(COST_SQL.postgres.addAllUsage, minutes));
    const grow = async () => {
      await run(COST_SQL.sqlite.addUsage, mergeUsage(deltas, 'day'));
      await run(COST_SQL.sqlite.addHourlyUsage, mergeUsage(deltas, 'hour'));
      await run(COST_SQL.sqlite.addMinuteUsage, minutes);
    };
    // All three rollups or none: outside the caller's transaction the statements get one of their own.
    if (this.context.current()) await grow();
    else
      await this.database.sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, (transaction) =>
        this.context.run(transaction, grow),
      );
  }

  async minuteUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; hour: number; fromMinute: number; toMinute: number },
  ): Promise<UsageRow[]> {
    const rows = await this.select<UsageRow>(this.sql.minuteUsageRows, [
      scope,
      filter.day,
      filter.hour,
      optionalList(filter.productIds),
      optionalList(filter.versionIds),
      optionalList(filter.models),
      filter.fromMinute,
      filter.toMinute,
    ]);
    return rows.map((row) => numeric(row, COUNTS));
  }

  async hourlyUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; fromHour: number; toHour: number },
  ): Promise<UsageRow[]> {
    const rows = await this.select<UsageRow>(this.sql.hourlyUsageRows, [
      scope,
      filter.day,
      filter.fromHour,
      optionalList(filter.productIds),
      optionalList(filter.versionIds),
      optionalList(filter.models),
      filter.toHour,
    ]);
    return rows.map((row) => numeric(row, COUNTS));
  }

  async usageRows(scope: string, filter: UsageFilter & { fromDay: string; toDay: string }): Promise<UsageRow[]> {
    const rows = await this.select<UsageRow>(this.sql.usageRows, [
      scope,
      filter.fromDay,
      filter.toDay,
      optionalList(filter.productIds),
      optionalList(filter.versionIds),
      optionalList(filter.models),
    ]);
    return rows.map((row) => numeric(row, COUNTS));
  }

  async turnUsage(scope: string, filter: UsageFilter & { from: string; to: string }): Promise<UsageRow[]> {
    const rows = await this.select<UsageRow>(this.sql.turnUsage, [
      scope,
      boundValue(this.database.dialect, 'date', filter.from),
      boundValue(this.database.dialect, 'date', filter.to),
      optionalList(filter.productIds),
      optionalList(filter.versionIds),
      optionalList(filter.models),
    ]);
    return rows.map((row) => numeric(row, COUNTS));
  }

  async sessionTotals(scope: string, sessionIds: readonly string[]): Promise<Map<string, TokenTotals>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await this.select<TotalsRow>(this.sql.sessionTotals, [scope, JSON.stringify(sessionIds)]);
    return totalsByKey(rows);
  }

  async runTotals(scope: string, runIds: readonly string[]): Promise<Map<string, TokenTotals>> {
    if (runIds.length === 0) return new Map();
    return totalsByKey(await this.select(this.sql.runTotals, [scope, JSON.stringify(runIds)]));
  }

  async generationReports(scope: string | null, ids: readonly string[]): Promise<Map<string, SpanReport>> {
    if (ids.length === 0 || scope === null) return new Map();
    const rows = await this.select<SpanUsageRow>(this.sql.generationSpans, [scope, JSON.stringify(ids)]);
    return spanReports(
      rows.map((row) => ({
        ...row,
        usage: typeof row.usage === 'string' ? JSON.parse(row.usage) : row.usage,
        startTime: row.startTime === null ? null : new Date(row.startTime as unknown as string).toISOString(),
      })),
    );
  }
}
