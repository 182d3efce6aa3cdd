import type { StoragePorts } from '../../application/ports/ports.ts';
import type { InferenceResultStore, SpanStore } from '../../application/ports/tracing-stores.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { DroppedSpan } from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { tracingKinds } from '../shared/record-kinds/tracing-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** A bulk store that may change a few fields of a row in place, undoably. */
class MemoryChangingStore<T extends Storable> extends MemoryBulkRecordStore<T> {
  protected change(scope: string, id: string, fields: Partial<T>): void {
    const previous = this.lookup(scope, id);
    if (previous) this.put({ ...previous, ...fields });
  }

  /** Rows with these ids (of one organization, or any when scope is null), deleted ones included. */
  protected byIds(scope: string | null, ids: readonly string[]): T[] {
    const wanted = new Set(ids);
    return [...this.rows.values()]
      .filter((row) => wanted.has(row.id) && (scope === null || row[this.kind.scopeField] === scope))
      .map((row) => structuredClone(row));
  }
}

/** Memory inference results: atomic dropped-span counts, which `update` never overwrites. */
export class MemoryInferenceResultStore extends MemoryChangingStore<InferenceResult> implements InferenceResultStore {
  /** Span ids already counted as dropped, per organization (undone with the transaction that counted them). */
  private readonly counted = new Set<string>();

  async addDroppedSpans(scope: string, dropped: readonly DroppedSpan[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const { inferenceResultId, spanId } of dropped) {
      if (spanId !== null) {
        const key = `${scope}\u0000${spanId}`;
        if (this.counted.has(key)) continue;
        this.counted.add(key);
        this.uow.recordUndo(() => this.counted.delete(key));
      }
      counts.set(inferenceResultId, (counts.get(inferenceResultId) ?? 0) + 1);
    }
    for (const [id, count] of counts) {
      const row = this.rows.get(id);
      if (row && row.organizationId === scope)
        this.change(scope, id, { droppedSpanCount: row.droppedSpanCount + count });
    }
  }

  async listByIds(scope: string | null, ids: readonly string[]): Promise<InferenceResult[]> {
    return this.byIds(scope, ids);
  }

  /** The organization's turns created in [from, to), deleted ones included (what usage counts). */
  createdIn(scope: string, from: string, to: string): InferenceResult[] {
    return this.matching(scope, [], true).filter((row) => row.createdAt >= from && row.createdAt < to);
  }

  override async update(record: InferenceResult): Promise<InferenceResult> {
    const stored = this.rows.get(record.id);
    const droppedSpanCount = stored?.droppedSpanCount ?? record.droppedSpanCount;
    return super.update({ ...record, droppedSpanCount });
  }
}

/** Memory spans: ids unique per organization; parent links settle when the parent arrives. */
export class MemorySpanStore extends MemoryChangingStore<Span> implements SpanStore {
  protected override readonly scopedIds = true;

  async settleParents(scope: string, ids: readonly string[], waitingIds: readonly string[]): Promise<void> {
    const arrived = new Set(ids);
    const waiting = new Set(waitingIds);
    for (const row of [...this.rows.values()]) {
      if (row.organizationId !== scope || row.parentPending !== true) continue;
      const parent = row.parentTraceId as string;
      const present = arrived.has(parent) || (waiting.has(row.id) && this.lookup(scope, parent) !== undefined);
      if (present) this.change(scope, row.id, { parentPending: false });
    }
  }

  async hasWaitingChildren(scope: string, parentIds: readonly string[]): Promise<boolean> {
    const parents = new Set(parentIds);
    for (const row of this.rows.values())
      if (row.organizationId === scope && row.parentPending === true && parents.has(row.parentTraceId as string))
        return true;
    return false;
  }

  async listByIds(scope: string, ids: readonly string[]): Promise<Span[]> {
    return this.byIds(scope, ids);
  }

  async listForBatch(scope: string, ids: readonly string[]): Promise<{ stored: Span[]; childrenWait: boolean }> {
    return { stored: await this.byIds(scope, ids), childrenWait: await this.hasWaitingChildren(scope, ids) };
  }

  async insertNew(records: readonly Span[]): Promise<number> {
    const before = this.rows.size;
    await this.insertMany(records, { ignoreExisting: true });
    return this.rows.size - before;
  }
}

/** The memory tracing stores, as their classes (the sweep store deletes from them). */
interface TracingPorts extends Pick<StoragePorts, 'sessions' | 'inferenceResults' | 'spans'> {
  readonly sessions: MemoryBulkRecordStore<Session>;
  readonly inferenceResults: MemoryInferenceResultStore;
  readonly spans: MemorySpanStore;
}

/** The tracing stores of the in-memory world. */
export function createMemoryTracingStorage(
  uow: MemoryUnitOfWork,
): TracingPorts & { inferenceResults: MemoryInferenceResultStore } {
  return {
    sessions: new MemoryBulkRecordStore(tracingKinds.sessions, uow),
    inferenceResults: new MemoryInferenceResultStore(tracingKinds.inferenceResults, uow),
    spans: new MemorySpanStore(tracingKinds.spans, uow),
  };
}
