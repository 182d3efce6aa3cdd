import { QueryTypes } from 'sequelize';
import type { ListQuery, SortKey } from '../../application/ports/list-query.ts';
import type { SpanStore } from '../../application/ports/tracing-stores.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import type { Following } from './sequelize-record-store.ts';
import { type EncodedBatch, encodeBatch, insertEncoded, singleStatement } from './support/encoded-batch.ts';
import { idsIn, jsonIds, scopedIdsIn } from './support/json-id-list.ts';
import { listByIds, listForBatch } from './support/records-by-id.ts';
import { guardOutage } from './support/outages.ts';
import { onOwnConnection } from './support/own-connection.ts';
import { connectionOf } from './support/transaction-context.ts';
import { cursorCeiling, startedBeforeUnderNewest, windowFloor, withStartBound } from './support/lag-window.ts';
import { SpanLagBounds } from './support/span-lag-bounds.ts';

/** A span's organization and id columns, its primary key. */
const SPAN_KEY = { scope: 'organization_id', id: 'id' };

/**
 * SQL spans: ids unique per organization (primary key organization_id, id); batches land with one JSON-fed
 * statement. Parent links settle with a look-up over the pending-parent index (usually empty) and set-based updates
 * only when something waits.
 */
export class SequelizeSpanStore extends SequelizeBulkRecordStore<Span> implements SpanStore {
  /** How late after their start the organization's spans are stored: raised before every write (`cover`). */
  private readonly lagBounds = new SpanLagBounds(this.database, this.context);

  override async insert(record: Span): Promise<Span> {
    await this.lagBounds.cover([record]);
    return super.insert(record);
  }

  override async update(record: Span): Promise<Span> {
    await this.lagBounds.cover([record]);
    return super.update(record);
  }

  /**
   * The hot path, inside a transaction with existing ids ignored, runs on the transaction's connection through the
   * driver: bound multi-row inserts on SQLite (sqliteBoundInsert), the one-JSON-parameter insert on PostgreSQL
   * (pgJsonInsert); otherwise a whole batch in one statement with one JSON parameter through Sequelize (jsonBulkInsert).
   */
  override async insertMany(records: readonly Span[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    if (records.length === 0) return;
    await this.lagBounds.cover(records);
    if (options.ignoreExisting && (await this.insertOnConnection(records)) !== null) return;
    await super.insertMany(records, options);
  }

  /** See the port: the hot path counts what it wrote; without a transaction's connection the count is unknown. */
  async insertNew(records: readonly Span[]): Promise<number | null> {
    if (records.length === 0) return 0;
    await this.lagBounds.cover(records);
    const written = await this.insertOnConnection(records);
    if (written !== null) return written;
    await this.insertMany(records, { ignoreExisting: true });
    return null;
  }

  /** The hot-path insert (stored ids ignored) on the transaction's driver connection: rows written, or null without one. */
  private async insertOnConnection(records: readonly Span[]): Promise<number | null> {
    const connection = connectionOf(this.context.current());
    if (!connection) return null;
    const encoded = this.staged.get(records) ?? this.encode(records);
    return guardOutage(() => insertEncoded(encoded, connection));
  }

  /** One statement outside a transaction (atomic by itself) on a connection of its own; see the port. */
  async insertAlone(records: readonly Span[]): Promise<boolean> {
    if (records.length === 0) return true;
    if (this.context.current()) return false;
    const encoded = this.staged.get(records) ?? this.encode(records);
    if (!singleStatement(encoded)) return false;
    await this.lagBounds.cover(records);
    await guardOutage(() => onOwnConnection(this.database, (connection) => insertEncoded(encoded, connection)));
    return true;
  }

  async listByIds(scope: string, ids: readonly string[]): Promise<Span[]> {
    return listByIds(this, scope, ids);
  }

  async listForBatch(scope: string, ids: readonly string[]): Promise<{ stored: Span[]; childrenWait: boolean }> {
    return listForBatch(this, scope, ids);
  }

  /** Batches encoded ahead of their insert (`stage`), by the very array later inserted. */
  private readonly staged = new WeakMap<readonly Span[], EncodedBatch>();

  /**
   * Encodes a batch before its transaction, so the transaction (on SQLite, the one write lock) does not wait on it,
   * and raises the organization's lag bound there too when the batch passes it (the write then finds it known).
   */
  async stage(records: readonly Span[]): Promise<void> {
    if (records.length === 0) return;
    this.staged.set(records, this.encode(records));
    await this.lagBounds.cover(records);
  }

  /**
   * A list of spans that started before an instant, newest stored first (lag-window.ts): on a cursor page, the
   * cursor's creation time less the shortest lag caps the start times; then the `limit` spans that started last
   * below that (a short backwards read of the start-time index) give the oldest creation time the page can reach,
   * and the longest lag turns it into a start-time floor. The range plan then reads that window of the range only.
   */
  protected override async narrowed(
    scope: string,
    query: ListQuery<Span>,
    keys: readonly SortKey<Span>[],
    following: Following<Span>,
  ): Promise<ListQuery<Span>> {
    if (!startedBeforeUnderNewest(query, keys)) return query;
    const lags = await this.lagBounds.read(scope);
    if (lags === null) return query;
    const ceiling = following.row ? cursorCeiling(following.row.createdAt, lags.min) : null;
    const capped = ceiling ? { ...query, where: withStartBound(query.where ?? [], ceiling) } : query;
    const limit = query.limit ?? 100;
    const latest = (await this.model.findAll({
      attributes: ['createdAt'],
      where: this.where(scope, capped, false, following.conditions),
      order: [['startTime', 'DESC']],
      limit,
      raw: true,
      transaction: this.context.current(),
    })) as unknown as Record<string, unknown>[];
    if (latest.length < limit) return capped;
    const oldest = latest.map((row) => this.codec.decodeField('createdAt', row.createdAt)).sort()[0];
    const floor = windowFloor(oldest, lags.max);
    return floor === null ? capped : { ...capped, where: withStartBound(capped.where ?? [], floor) };
  }

  private encode(records: readonly Span[]): EncodedBatch {
    return encodeBatch(this.model, this.database.dialect, records);
  }

  /**
   * A look-up over the pending-parent partial index first (usually empty: nothing waits, nothing is written, no
   * lock taken outside a transaction), then set-based updates of what it found.
   */
  async settleParents(scope: string, ids: readonly string[], waiting: readonly string[]): Promise<void> {
    const transaction = this.context.current();
    const dialect = this.database.dialect;
    const children =
      ids.length === 0
        ? []
        : await this.database.rows.select(
            `SELECT id FROM spans WHERE organization_id = ? AND parent_pending = true AND ${idsIn(dialect, 'parent_trace_id', '?')}`,
            [scope, jsonIds(ids)],
            transaction,
          );
    const ready = waiting.length === 0 ? [] : await this.readyToSettle(scope, waiting);
    const settled = [...children.map((child) => child.id as string), ...ready];
    if (settled.length === 0) return;
    await this.database.sequelize.query(
      `UPDATE spans SET parent_pending = false WHERE ${scopedIdsIn(dialect, SPAN_KEY, '$1', '$2')}`,
      { bind: [scope, jsonIds(settled)], type: QueryTypes.UPDATE, transaction },
    );
  }

  /** A read over the pending-parent partial index, outside any transaction: usually nothing waits. */
  async hasWaitingChildren(scope: string, parentIds: readonly string[]): Promise<boolean> {
    if (parentIds.length === 0) return false;
    const rows = await this.database.rows.select(
      `SELECT 1 AS found FROM spans WHERE organization_id = ? AND parent_pending = true AND ${idsIn(this.database.dialect, 'parent_trace_id', '?')} LIMIT 1`,
      [scope, jsonIds(parentIds)],
      this.context.current(),
    );
    return rows.length > 0;
  }

  /** Of these spans, the ones still waiting whose parent is stored. */
  private async readyToSettle(scope: string, waiting: readonly string[]): Promise<string[]> {
    const rows = await this.database.rows.select(
      `SELECT id FROM spans WHERE organization_id = ? AND parent_pending = true
         AND ${idsIn(this.database.dialect, 'id', '?')}
         AND EXISTS (SELECT 1 FROM spans parent WHERE parent.organization_id = spans.organization_id AND parent.id = spans.parent_trace_id)`,
      [scope, jsonIds(waiting)],
      this.context.current(),
    );
    return rows.map((row) => row.id as string);
  }
}
