import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { DroppedSpan } from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { BulkRecordStore } from './bulk-record-store.ts';

/**
 * Inference results: `droppedSpanCount` grows only through `addDroppedSpans`, an atomic increment that concurrent
 * batches never lose; `update` leaves that count as stored.
 */
export interface InferenceResultStore extends BulkRecordStore<InferenceResult> {
  /**
   * Adds refused spans to their inference results' `droppedSpanCount`: a span id is counted once per organization
   * however often it is refused again (the store remembers counted ids), a span without an id every time.
   */
  addDroppedSpans(scope: string, dropped: readonly DroppedSpan[]): Promise<void>;
  /**
   * The records with these ids in any organization (scope null) or one, soft-deleted ones included; one query.
   * `forUpdate`: locked until the caller's transaction ends, so a read-modify-write of them is not lost to another.
   */
  listByIds(
    scope: string | null,
    ids: readonly string[],
    options?: { forUpdate?: boolean },
  ): Promise<InferenceResult[]>;
}

/**
 * Spans. Ids are unique per organization (two organizations may hold the same span id). `settleParents(scope,
 * arrived, waiting)` clears `parentPending` on spans waiting for one of `arrived` and on those of `waiting` whose
 * parent is stored.
 */
export interface SpanStore extends BulkRecordStore<Span> {
  settleParents(scope: string, arrived: readonly string[], waiting: readonly string[]): Promise<void>;
  /** Whether a stored span of the organization waits (`parentPending`) for a parent with one of these ids. */
  hasWaitingChildren(scope: string, parentIds: readonly string[]): Promise<boolean>;
  /** The organization's spans with these ids, soft-deleted ones included; one query. */
  listByIds(scope: string, ids: readonly string[]): Promise<Span[]>;
  /** A batch's planning read: `listByIds` and `hasWaitingChildren` of the same ids, in one query. */
  listForBatch(scope: string, ids: readonly string[]): Promise<{ stored: Span[]; childrenWait: boolean }>;
  /**
   * Optional, no effect on the records: prepares a batch for a coming insert of the same array, before its
   * transaction, so the transaction (and on SQLite the one write lock) is not held while the batch is encoded or the
   * store's own bookkeeping for it is written.
   */
  stage?(records: readonly Span[]): Promise<void>;
  /**
   * Optional: inserts a batch (stored ids ignored) outside any transaction when one statement holds it all, which is
   * atomic by itself, and answers true; answers false, writing nothing, when it would take more (the caller then
   * writes it in a transaction). Saves the transaction's BEGIN and COMMIT when the insert is all a batch writes.
   */
  insertAlone?(records: readonly Span[]): Promise<boolean>;
  /**
   * Inserts a batch in the caller's transaction, stored ids ignored (a concurrent batch may have written some since
   * planning), and answers how many rows it wrote, or null when the store cannot tell.
   */
  insertNew(records: readonly Span[]): Promise<number | null>;
}
