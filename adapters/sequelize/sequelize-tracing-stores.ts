import { QueryTypes } from 'sequelize';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { InferenceResultStore, SpanStore } from '../../application/ports/tracing-stores.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { tracingKinds } from '../shared/record-kinds/tracing-kinds.ts';
import { defineTracingModels } from './models/tracing-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import { inJsonList } from './support/json-bulk-insert.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** SQL inference results: `dropped_span_count = dropped_span_count + n`, which `update` never writes. */
export class SequelizeInferenceResultStore
  extends SequelizeBulkRecordStore<InferenceResult>
  implements InferenceResultStore
{
  async addDroppedSpans(scope: string, counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, count] of counts) {
      await this.model.increment(
        { droppedSpanCount: count },
        { where: { id, organizationId: scope }, transaction: this.context.current() },
      );
    }
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

/**
 * SQL spans: batches land with one JSON-fed statement. Parent links settle with a lock-free look-up over the
 * pending-parent index (usually empty) and set-based updates only when something waits.
 */
export class SequelizeSpanStore extends SequelizeBulkRecordStore<Span> implements SpanStore {
  async settleParents(scope: string, ids: readonly string[], waiting: readonly string[]): Promise<void> {
    const transaction = this.context.current();
    const dialect = this.database.dialect;
    const children =
      ids.length === 0
        ? []
        : ((await this.database.sequelize.query(
            `SELECT id FROM spans WHERE organization_id = $1 AND parent_pending = true AND parent_trace_id ${inJsonList(dialect, 2)}`,
            { bind: [scope, JSON.stringify(ids)], type: QueryTypes.SELECT, transaction },
          )) as { id: string }[]);
    if (children.length > 0) {
      await this.database.sequelize.query(
        `UPDATE spans SET parent_pending = false WHERE id ${inJsonList(dialect, 1)}`,
        {
          bind: [JSON.stringify(children.map((child) => child.id))],
          type: QueryTypes.UPDATE,
          transaction,
        },
      );
    }
    if (waiting.length === 0) return;
    await this.database.sequelize.query(
      `UPDATE spans SET parent_pending = false WHERE organization_id = $1 AND parent_pending = true AND id ${inJsonList(dialect, 2)}
         AND EXISTS (SELECT 1 FROM spans parent WHERE parent.id = spans.parent_trace_id AND parent.organization_id = spans.organization_id)`,
      { bind: [scope, JSON.stringify(waiting)], type: QueryTypes.UPDATE, transaction },
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
