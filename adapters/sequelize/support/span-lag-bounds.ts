import { QueryTypes } from 'sequelize';
import type { Span } from '../../../domain/tracing/span.ts';
import type { DatabaseHandle } from './database.ts';
import type { TransactionContext } from './transaction-context.ts';

/** The upsert that raises a bound and never lowers it, in each dialect's words for the larger of two values. */
const RAISE = {
  postgres: `INSERT INTO span_lag_bounds (organization_id, max_lag_ms) VALUES ($1, $2)
    ON CONFLICT (organization_id) DO UPDATE SET max_lag_ms = GREATEST(span_lag_bounds.max_lag_ms, excluded.max_lag_ms)`,
  sqlite: `INSERT INTO span_lag_bounds (organization_id, max_lag_ms) VALUES ($1, $2)
    ON CONFLICT (organization_id) DO UPDATE SET max_lag_ms = MAX(span_lag_bounds.max_lag_ms, excluded.max_lag_ms)`,
} as const;

/** Organizations whose stored bound this process remembers; past it the memory starts again (a bound is re-read). */
const REMEMBERED = 10_000;

/**
 * The bound stored when a span's lag passes the stored one: a quarter more and a second, so spans whose start times
 * lie ever further back (a client sending fixed times, a clock running behind) raise it now and then, not per batch.
 */
export const raisedBound = (lagMs: number): number => lagMs + Math.ceil(Math.abs(lagMs) / 4) + 1000;

/** The longest lag (creation time − start time, ms) of each organization's spans among these; none without a start. */
export function longestLags(spans: readonly Span[]): Map<string, number> {
  const lags = new Map<string, number>();
  for (const span of spans) {
    if (span.startTime === null) continue;
    const lag = Date.parse(span.createdAt) - Date.parse(span.startTime);
    const known = lags.get(span.organizationId);
    if (known === undefined || lag > known) lags.set(span.organizationId, lag);
  }
  return lags;
}

/**
 * Each organization's `span_lag_bounds` row (migration 0028): every stored span's creation time is at most its start
 * time plus the bound. A batch whose lag passes what this process knows is stored raises the row first, in the
 * caller's transaction when there is one (so a rollback takes the raise with the spans); what is known is
 * remembered only once committed, so a rolled-back raise is never taken for a stored one.
 */
export class SpanLagBounds {
  private readonly stored = new Map<string, number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  /** Raises the bounds these spans need before they are written; nothing when this process knows they hold. */
  async cover(spans: readonly Span[]): Promise<void> {
    for (const [scope, lag] of longestLags(spans)) {
      if ((this.stored.get(scope) ?? Number.NEGATIVE_INFINITY) >= lag) continue;
      const bound = raisedBound(lag);
      await this.raise(scope, bound);
      this.context.afterCommit(() => this.remember(scope, bound));
    }
  }

  /** The organization's stored bound, read afresh (another process may have raised it); null: no span has a start. */
  async read(scope: string): Promise<number | null> {
    const rows = await this.database.rows.select(
      'SELECT max_lag_ms AS "lag" FROM span_lag_bounds WHERE organization_id = ?',
      [scope],
      this.context.current(),
    );
    return rows.length === 0 ? null : Number(rows[0].lag);
  }

  /** Raises the stored bound to at least `bound` (never lowers it). */
  private async raise(scope: string, bound: number): Promise<void> {
    await this.database.sequelize.query(RAISE[this.database.dialect], {
      bind: [scope, bound],
      type: QueryTypes.INSERT,
      transaction: this.context.current(),
    });
  }

  private remember(scope: string, bound: number): void {
    if (this.stored.size >= REMEMBERED) this.stored.clear();
    this.stored.set(scope, Math.max(bound, this.stored.get(scope) ?? bound));
  }
}
