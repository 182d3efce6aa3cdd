import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { BulkRecordStore } from './bulk-record-store.ts';

/**
 * Inference results: `droppedSpanCount` grows only through `addDroppedSpans`, an atomic increment that concurrent
 * batches never lose; `update` leaves that count as stored.
 */
export interface InferenceResultStore extends BulkRecordStore<InferenceResult> {
  addDroppedSpans(scope: string, counts: ReadonlyMap<string, number>): Promise<void>;
}

/**
 * Spans. `settleParents(scope, arrived, waiting)` clears `parentPending` on spans waiting for one of `arrived` and on
 * those of `waiting` whose parent is now stored. Called after the spans' own transaction commits (outside any
 * transaction), so of two concurrent batches the one committing last always sees the other's rows.
 */
export interface SpanStore extends BulkRecordStore<Span> {
  settleParents(scope: string, arrived: readonly string[], waiting: readonly string[]): Promise<void>;
}
