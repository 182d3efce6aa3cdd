import { QueryTypes } from 'sequelize';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { InferenceResultStore, SpanStore } from '../../application/ports/tracing-stores.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { DroppedSpan } from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { tracingKinds } from '../shared/record-kinds/tracing-kinds.ts';
import { defineTracingModels } from './models/tracing-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import { jsonBulkInsert } from './support/json-bulk-insert.ts';
import { type EncodedBatch, encodeBatch, insertEncoded, singleStatement } from './support/encoded-batch.ts';
import { idsIn, jsonIds, scopedIdsIn } from './support/json-id-list.ts';

/** A span's organization and id columns, its primary key. */
const SPAN_KEY = { scope: 'organization_id', id: 'id' };
import { listByIds, listForBatch } from './support/records-by-id.ts';
import { guardOutage } from './support/outages.ts';
import { onOwnConnection } from './support/own-connection.ts';
import { connectionOf, type TransactionContext } from './support/transaction-context.ts';

/** SQL inference results: `dropped_span_count = dropped_span_count + n`, which `update` never writes. */
export class SequelizeInferenceResultStore
  extends SequelizeBulkRecordStore<InferenceResult>
  implements InferenceResultStore
{
  /**
   * Remembers the refused span ids (insert-or-ignore, returning those that were new), then raises every count with
   * one statement: a span id counts once however often it is refused, concurrent batches included.
   */
  async addDroppedSpans(scope: string, dropped: readonly DroppedSpan[]): Promise<void> {
    if (dropped.length === 0) return;
    const transaction = this.context.current();
    const sequelize = this.database.sequelize;
    const postgres = this.database.dialect === 'postgres';
    const named = dropped.filter((span) => span.spanId !== null);
    const counted: { inferenceResultId: string }[] = dropped.filter((span) => span.spanId === null);
    if (named.length > 0) {
      const rows = JSON.stringify(named.map((span) => [span.spanId, span.inferenceResultId]));
      const sql = postgres
        ? `INSERT INTO dropped_span_ids (organization_id, span_id, inference_result_id, created_at)
             SELECT $1, value->>0, value->>1, now() FROM json_array_elements($2::json)
             ON CONFLICT DO NOTHING RETURNING inference_result_id AS "inferenceResultId"`
        : `INSERT OR IGNORE INTO dropped_span_ids (organization_id, span_id, inference_result_id, created_at)
             SELECT $1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), strftime('%Y-%m-%d %H:%M:%f +00:00', 'now')
             FROM json_each($2) RETURNING inference_result_id AS "inferenceResultId"`;
      const fresh = (await sequelize.query(sql, {
        bind: [scope, rows],
        type: QueryTypes.SELECT,
        transaction,
      })) as { inferenceResultId: string }[];
      counted.push(...fresh);
    }
    const counts = new Map<string, number>();
    for (const { inferenceResultId } of counted)
      counts.set(inferenceResultId, (counts.get(inferenceResultId) ?? 0) + 1);
    if (counts.size === 0) return;
    const pairs = JSON.stringify([...counts]);
    const sql = postgres
      ? `UPDATE inference_results SET dropped_span_count = dropped_span_count + (pair->>1)::int
           FROM json_array_elements($2::json) AS pair
           WHERE inference_results.organization_id = $1 AND inference_results.id = pair->>0`
      : `UPDATE inference_results SET dropped_span_count = dropped_span_count +
           (SELECT json_extract(value, '$[1]') FROM json_each($2) WHERE json_extract(value, '$[0]') = inference_results.id)
           WHERE organization_id = $1 AND id IN (SELECT json_extract(value, '$[0]') FROM json_each($2))`;
    await sequelize.query(sql, { bind: [scope, pairs], type: QueryTypes.UPDATE, transaction });
  }

  async listByIds(
    scope: string | null,
    ids: readonly string[],
    options: { forUpdate?: boolean } = {},
  ): Promise<InferenceResult[]> {
    return listByIds(this, scope, ids, options);
  }

  override async update(record: InferenceResult): Promise<InferenceResult> {
    const { droppedSpanCount: _stored, ...rest } = record;
    await super.update(rest as InferenceResult);
    return (
      (await this.get(record.organizationId, record.id, { includeDeleted: true })) ?? {
        ...record,
        version: record.version + 1,
      }
    );
  }

  /** For `listByIds`: the light read path of this store. */
  readRows(sql: string, parameters: readonly unknown[]) {
    return this.database.rows.select(sql, parameters, this.context.current());
  }

  rowCodec() {
    return this.codec;
  }

  get dialect() {
    return this.database.dialect;
  }
}

/**
 * SQL spans: ids unique per organization (primary key organization_id, id); batches land with one JSON-fed
 * statement. Parent links settle with a look-up over the pending-parent index (usually empty) and set-based updates
 * only when something waits.
 */
export class SequelizeSpanStore extends SequelizeBulkRecordStore<Span> implements SpanStore {
  /**
   * The hot path, inside a transaction with existing ids ignored, runs on the transaction's connection through the
   * driver: bound multi-row inserts on SQLite (sqliteBoundInsert), the one-JSON-parameter insert on PostgreSQL
   * (pgJsonInsert); otherwise a whole batch in one statement with one JSON parameter through Sequelize (jsonBulkInsert).
   */
  override async insertMany(records: readonly Span[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    if (records.length === 0) return;
    if (options.ignoreExisting && (await this.insertOnConnection(records)) !== null) return;
    try {
      await jsonBulkInsert(this.model, this.database.dialect, records, {
        ignoreExisting: options.ignoreExisting ?? false,
        transaction: this.context.current(),
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** See the port: the hot path counts what it wrote; without a transaction's connection the count is unknown. */
  async insertNew(records: readonly Span[]): Promise<number | null> {
    if (records.length === 0) return 0;
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

  /** Encodes a batch before its transaction, so the transaction (on SQLite, the one write lock) does not wait on it. */
  stage(records: readonly Span[]): void {
    if (records.length > 0) this.staged.set(records, this.encode(records));
  }

  private encode(records: readonly Span[]): EncodedBatch {
    return encodeBatch(this.model, this.database.dialect, records);
  }

  /** For `listByIds`: the light read path of this store. */
  readRows(sql: string, parameters: readonly unknown[]) {
    return this.database.rows.select(sql, parameters, this.context.current());
  }

  rowCodec() {
    return this.codec;
  }

  get dialect() {
    return this.database.dialect;
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

type TracingPorts = Pick<StoragePorts, 'sessions' | 'inferenceResults' | 'spans'>;

/** The tracing stores on SQLite or PostgreSQL. */
export function createSequelizeTracingStorage(database: DatabaseHandle, context: TransactionContext): TracingPorts {
  const models = defineTracingModels(database.sequelize);
  return {
    sessions: new SequelizeBulkRecordStore(models.sessions, tracingKinds.sessions, database, context),
    inferenceResults: new SequelizeInferenceResultStore(
      models.inferenceResults,
      tracingKinds.inferenceResults,
      database,
      context,
    ),
    spans: new SequelizeSpanStore(models.spans, tracingKinds.spans, database, context),
  };
}
