import { QueryTypes } from 'sequelize';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { InferenceResultStore } from '../../application/ports/tracing-stores.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { DroppedSpan } from '../../domain/tracing/span-batch.ts';
import { tracingKinds } from '../shared/record-kinds/tracing-kinds.ts';
import { defineTracingModels } from './models/tracing-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeSpanStore } from './sequelize-span-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import { listByIds } from './support/records-by-id.ts';
import type { TransactionContext } from './support/transaction-context.ts';

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
