import type { Condition, FieldOf } from './list-query.ts';
import type { RecordStore, Storable } from './record-store.ts';

/** A RecordStore that also soft-deletes and reads distinct values with one statement, for cascades and facets. */
export interface BulkRecordStore<T extends Storable> extends RecordStore<T> {
  /** Soft-deletes every live record of the scope meeting the conditions (bumping versions); returns how many. */
  softDeleteWhere(scope: string, where: readonly Condition<T>[], deletedAt: string): Promise<number>;
  /** The distinct non-null values of one field among live records of the scope meeting the conditions, ascending. */
  distinctValues(scope: string, field: FieldOf<T>, where: readonly Condition<T>[]): Promise<unknown[]>;
}
