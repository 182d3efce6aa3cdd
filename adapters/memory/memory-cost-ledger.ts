import type { CostLedger, TokenTotals } from '../../application/ports/cost-ledger.ts';
import { where } from '../../application/ports/list-query.ts';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { SpanReport } from '../../domain/cost/turn-pricing.ts';
import { type UsageCounts, type UsageFilter, type UsageRow, usageOf } from '../../domain/cost/usage.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { spanReports } from '../../domain/cost/span-reports.ts';
import { mergeUsage } from '../shared/cost-rows.ts';
import type { MemoryInferenceResultStore } from './memory-tracing-stores.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

type Stores = Pick<StoragePorts, 'sessions' | 'versions' | 'spans' | 'evaluations' | 'inferenceGenerationItems'> & {
  readonly inferenceResults: MemoryInferenceResultStore;
};

const ALL = 10_000_000;
const inList = (values: readonly string[] | undefined, value: string) => values === undefined || values.includes(value);

/** Whether a rollup row is the organization's and passes the filter. */
const passes = (scope: string, filter: UsageFilter, row: UsageRow) =>
  row.organizationId === scope &&
  inList(filter.productIds, row.productId) &&
  inList(filter.versionIds, row.versionId) &&
  inList(filter.models, row.model);

/** A row's counts with a delta's added. */
const sumCounts = (row: UsageRow, delta: UsageRow) => ({
  inferenceResultCount: row.inferenceResultCount + delta.inferenceResultCount,
  inputTokens: row.inputTokens + delta.inputTokens,
  outputTokens: row.outputTokens + delta.outputTokens,
  cacheReadInputTokens: row.cacheReadInputTokens + delta.cacheReadInputTokens,
  costNanos: row.costNanos + delta.costNanos,
});

function totalsOf(results: readonly InferenceResult[]): TokenTotals {
  return results.reduce(
    (sum, result) => ({
      inputTokens: sum.inputTokens + (result.inputTokens ?? 0),
      outputTokens: sum.outputTokens + (result.outputTokens ?? 0),
      costNanos: sum.costNanos + (result.costNanos ?? 0),
    }),
    { inputTokens: 0, outputTokens: 0, costNanos: 0 },
  );
}

/**
 * The reference cost ledger: daily, hourly and minute rollups in maps (a failing transaction puts each row back), totals and span reports
 * read from the memory stores.
 */
export class MemoryCostLedger implements CostLedger {
  private readonly daily = new Map<string, UsageRow>();
  private readonly hourly = new Map<string, UsageCounts>();
  private readonly minutes = new Map<string, UsageCounts>();

  constructor(
    private readonly stores: Stores,
    private readonly uow: MemoryUnitOfWork,
  ) {}

  async addUsage(deltas: readonly UsageCounts[]): Promise<void> {
    for (const delta of mergeUsage(deltas, 'day')) {
      const { hour: _, minute: __, ...row } = delta;
      this.grow(this.daily, [row.organizationId, row.day, row.versionId, row.model], row);
    }
    for (const delta of mergeUsage(deltas, 'hour'))
      this.grow(this.hourly, [delta.organizationId, delta.day, delta.hour, delta.versionId, delta.model], delta);
    for (const delta of mergeUsage(deltas, 'minute'))
      this.grow(
        this.minutes,
        [delta.organizationId, delta.day, delta.hour, delta.minute, delta.versionId, delta.model],
        delta,
      );
  }

  /** Adds a delta to its row (created at zero); the transaction's undo puts the row back. */
  private grow<R extends UsageRow>(rows: Map<string, R>, key: readonly unknown[], delta: R): void {
    const id = JSON.stringify(key);
    const row = rows.get(id);
    this.uow.recordUndo(() => (row === undefined ? rows.delete(id) : rows.set(id, row)));
    rows.set(id, row ? { ...row, ...sumCounts(row, delta) } : delta);
  }

  async usageRows(scope: string, filter: UsageFilter & { fromDay: string; toDay: string }): Promise<UsageRow[]> {
    return [...this.daily.values()].filter(
      (row) => row.day >= filter.fromDay && row.day < filter.toDay && passes(scope, filter, row),
    );
  }

  async hourlyUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; fromHour: number; toHour: number },
  ): Promise<UsageRow[]> {
    const hours = [...this.hourly.values()].filter(
      (row) =>
        row.day === filter.day && row.hour >= filter.fromHour && row.hour < filter.toHour && passes(scope, filter, row),
    );
    return mergeUsage(hours, 'day').map(({ hour: _, minute: __, ...row }) => row);
  }

  async minuteUsageRows(
    scope: string,
    filter: UsageFilter & { day: string; hour: number; fromMinute: number; toMinute: number },
  ): Promise<UsageRow[]> {
    const minutes = [...this.minutes.values()].filter(
      (row) =>
        row.day === filter.day &&
        row.hour === filter.hour &&
        row.minute >= filter.fromMinute &&
        row.minute < filter.toMinute &&
        passes(scope, filter, row),
    );
    return mergeUsage(minutes, 'day').map(({ hour: _, minute: __, ...row }) => row);
  }

  async turnUsage(scope: string, filter: UsageFilter & { from: string; to: string }): Promise<UsageRow[]> {
    const turns = this.stores.inferenceResults.createdIn(scope, filter.from, filter.to);
    const sessions = await this.stores.sessions.list(scope, {
      where: where.in('id', [...new Set(turns.map((turn) => turn.sessionId))]),
      limit: ALL,
    });
    const versions = await this.stores.versions.list(scope, {
      where: where.in('id', [...new Set(sessions.map((session) => session.versionId))]),
      limit: ALL,
    });
    const versionOf = new Map(sessions.map((session) => [session.id, session.versionId]));
    const productOf = new Map(versions.map((version) => [version.id, version.productId]));
    const rows = turns.flatMap((turn) => {
      const versionId = versionOf.get(turn.sessionId);
      const productId = versionId === undefined ? undefined : productOf.get(versionId);
      return versionId === undefined || productId === undefined
        ? []
        : [usageOf(turn, { productId, versionId }, 1, true)];
    });
    return mergeUsage(rows)
      .map(({ hour: _, minute: __, ...row }) => row)
      .filter((row) => passes(scope, filter, row));
  }

  async sessionTotals(scope: string, sessionIds: readonly string[]): Promise<Map<string, TokenTotals>> {
    const results = await this.stores.inferenceResults.list(scope, {
      where: where.in('sessionId', sessionIds),
      limit: ALL,
    });
    const totals = new Map<string, TokenTotals>();
    for (const id of new Set(results.map((result) => result.sessionId)))
      totals.set(id, totalsOf(results.filter((result) => result.sessionId === id)));
    return totals;
  }

  async runTotals(scope: string, runIds: readonly string[]): Promise<Map<string, TokenTotals>> {
    const totals = new Map<string, TokenTotals>();
    for (const runId of runIds) {
      const evaluations = await this.stores.evaluations.list(scope, { where: where.eq('runId', runId), limit: ALL });
      const items = await this.stores.inferenceGenerationItems.list(scope, {
        where: where.eq('runId', runId),
        limit: ALL,
      });
      const sessionIds = [
        ...new Set([
          ...evaluations.map((e) => e.sessionId),
          ...items.flatMap((i) => (i.sessionId ? [i.sessionId] : [])),
        ]),
      ];
      if (sessionIds.length === 0) continue;
      const results = await this.stores.inferenceResults.list(scope, {
        where: where.in('sessionId', sessionIds),
        limit: ALL,
      });
      if (results.length > 0) totals.set(runId, totalsOf(results));
    }
    return totals;
  }

  async generationReports(scope: string | null, ids: readonly string[]): Promise<Map<string, SpanReport>> {
    if (scope === null || ids.length === 0) return new Map();
    const spans = await this.stores.spans.list(scope, {
      where: [...where.in('inferenceResultId', ids), ...where.eq('type', 'GENERATION')],
      limit: ALL,
    });
    return spanReports(
      spans.map((span) => ({
        inferenceResultId: span.inferenceResultId,
        model: span.model,
        usage: span.usage,
        startTime: span.startTime,
      })),
    );
  }
}
