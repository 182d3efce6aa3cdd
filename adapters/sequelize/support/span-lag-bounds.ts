import { QueryTypes } from 'sequelize';
import type { Span } from '../../../domain/tracing/span.ts';
import type { DatabaseHandle } from './database.ts';
import type { TransactionContext } from './transaction-context.ts';

/** How late after its start (creation time − start time, ms) a span was stored: the least and the most. */
export interface LagRange {
  readonly min: number;
  readonly max: number;
}

/** The upsert that widens an organization's range and never narrows it, in each dialect's words. */
const WIDEN = {
  postgres: `INSERT INTO span_lag_bounds (organization_id, min_lag_ms, max_lag_ms) VALUES ($1, $2, $3)
    ON CONFLICT (organization_id) DO UPDATE SET
      min_lag_ms = LEAST(span_lag_bounds.min_lag_ms, excluded.min_lag_ms),
      max_lag_ms = GREATEST(span_lag_bounds.max_lag_ms, excluded.max_lag_ms)`,
  sqlite: `INSERT INTO span_lag_bounds (organization_id, min_lag_ms, max_lag_ms) VALUES ($1, $2, $3)
    ON CONFLICT (organization_id) DO UPDATE SET
      min_lag_ms = MIN(span_lag_bounds.min_lag_ms, excluded.min_lag_ms),
      max_lag_ms = MAX(span_lag_bounds.max_lag_ms, excluded.max_lag_ms)`,
} as const;

/** Organizations whose stored range this process remembers; past it the memory starts again (a range is re-read). */
const REMEMBERED = 10_000;

/**
 * The range stored when a span's lag falls outside the stored one: a quarter and a second beyond it, so spans whose
 * start times drift ever further (a client sending fixed times, a clock running behind) widen it now and then, not
 * per batch.
 */
export const widenedRange = ({ min, max }: LagRange): LagRange => ({
  min: min - Math.ceil(Math.abs(min) / 4) - 1000,
  max: max + Math.ceil(Math.abs(max) / 4) + 1000,
});

/** The range of lags of each organization's spans among these; none for spans without a start. */
export function lagRanges(spans: readonly Span[]): Map<string, LagRange> {
  const ranges = new Map<string, LagRange>();
  for (const span of spans) {
    if (span.startTime === null) continue;
    const lag = Date.parse(span.createdAt) - Date.parse(span.startTime);
    const known = ranges.get(span.organizationId);
    ranges.set(
      span.organizationId,
      known ? { min: Math.min(known.min, lag), max: Math.max(known.max, lag) } : { min: lag, max: lag },
    );
  }
  return ranges;
}

const covers = (outer: LagRange | undefined, inner: LagRange) =>
  outer !== undefined && outer.min <= inner.min && outer.max >= inner.max;

/**
 * Each organization's `span_lag_bounds` row (migration 0028): every stored span was stored between `min` and `max`
 * after its start. A batch with a lag outside what this process knows is stored widens the row first, in the caller's
 * transaction when there is one (so a rollback takes it with the spans); what is known is remembered only once
 * committed, so a rolled-back widening is never taken for a stored one.
 */
export class SpanLagBounds {
  private readonly stored = new Map<string, LagRange>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  /** Widens the ranges these spans need before they are written; nothing when this process knows they hold. */
  async cover(spans: readonly Span[]): Promise<void> {
    for (const [scope, lags] of lagRanges(spans)) {
      const known = this.stored.get(scope);
      if (covers(known, lags)) continue;
      const range = widenedRange(
        known ? { min: Math.min(known.min, lags.min), max: Math.max(known.max, lags.max) } : lags,
      );
      await this.database.sequelize.query(WIDEN[this.database.dialect], {
        bind: [scope, range.min, range.max],
        type: QueryTypes.INSERT,
        transaction: this.context.current(),
      });
      this.context.afterCommit(() => this.remember(scope, range));
    }
  }

  /** The organization's stored range, read afresh (another process may have widened it); null: no span has a start. */
  async read(scope: string): Promise<LagRange | null> {
    const rows = await this.database.rows.select(
      'SELECT min_lag_ms AS "min", max_lag_ms AS "max" FROM span_lag_bounds WHERE organization_id = ?',
      [scope],
      this.context.current(),
    );
    return rows.length === 0 ? null : { min: Number(rows[0].min), max: Number(rows[0].max) };
  }

  private remember(scope: string, range: LagRange): void {
    if (this.stored.size >= REMEMBERED) this.stored.clear();
    const known = this.stored.get(scope);
    this.stored.set(
      scope,
      known ? { min: Math.min(known.min, range.min), max: Math.max(known.max, range.max) } : range,
    );
  }
}
