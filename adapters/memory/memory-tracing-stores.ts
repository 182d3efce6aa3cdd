import type { StoragePorts } from '../../application/ports/ports.ts';
import type { InferenceResultStore, SpanStore } from '../../application/ports/tracing-stores.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { tracingKinds } from '../shared/record-kinds/tracing-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** A bulk store that may change a few fields of a row in place, undoably. */
class MemoryChangingStore<T extends Storable> extends MemoryBulkRecordStore<T> {
  protected change(id: string, fields: Partial<T>): void {
    const previous = this.rows.get(id);
    if (previous) this.put({ ...previous, ...fields });
  }
}

/** Memory inference results: atomic dropped-span counts, which `update` never overwrites. */
export class MemoryInferenceResultStore extends MemoryChangingStore<InferenceResult> implements InferenceResultStore {
  async addDroppedSpans(scope: string, counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, count] of counts) {
      const row = this.rows.get(id);
      if (row && row.organizationId === scope) this.change(id, { droppedSpanCount: row.droppedSpanCount + count });
    }
  }

  override async update(record: InferenceResult): Promise<InferenceResult> {
    const stored = this.rows.get(record.id);
    const droppedSpanCount = stored?.droppedSpanCount ?? record.droppedSpanCount;
    return super.update({ ...record, droppedSpanCount });
  }
}

/** Memory spans: parent links settle when the parent arrives. */
export class MemorySpanStore extends MemoryChangingStore<Span> implements SpanStore {
  async settleParents(scope: string, ids: readonly string[], waitingIds: readonly string[]): Promise<void> {
    const arrived = new Set(ids);
    const waiting = new Set(waitingIds);
    for (const row of this.rows.values()) {
      if (row.organizationId !== scope || row.parentPending !== true) continue;
      const parent = row.parentTraceId as string;
      const present = arrived.has(parent) || (waiting.has(row.id) && this.rows.get(parent)?.organizationId === scope);
      if (present) this.change(row.id, { parentPending: false });
    }
  }
}

type TracingPorts = Pick<StoragePorts, 'sessions' | 'inferenceResults' | 'spans'>;

/** The tracing stores of the in-memory world. */
export function createMemoryTracingStorage(uow: MemoryUnitOfWork): TracingPorts {
  return {
    sessions: new MemoryBulkRecordStore(tracingKinds.sessions, uow),
    inferenceResults: new MemoryInferenceResultStore(tracingKinds.inferenceResults, uow),
    spans: new MemorySpanStore(tracingKinds.spans, uow),
  };
}
