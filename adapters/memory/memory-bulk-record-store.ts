import type { BulkRecordStore } from '../../application/ports/bulk-record-store.ts';
import type { Condition, FieldOf } from '../../application/ports/list-query.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { assertField } from '../shared/record-kind.ts';
import { bumped } from '../shared/bumped.ts';
import { MemoryRecordStore } from './memory-record-store.ts';

/** The reference BulkRecordStore: the memory store plus bulk soft delete and distinct values. */
export class MemoryBulkRecordStore<T extends Storable> extends MemoryRecordStore<T> implements BulkRecordStore<T> {
  async softDeleteWhere(scope: string, where: readonly Condition<T>[], deletedAt: string): Promise<number> {
    const found = this.matching(scope, where);
    for (const row of found) this.put(bumped({ ...row, deletedAt }));
    return found.length;
  }

  async distinctValues(scope: string, field: FieldOf<T>, where: readonly Condition<T>[]): Promise<unknown[]> {
    assertField(this.kind, field);
    const values = new Set<unknown>(this.matching(scope, where).map((row) => row[field]));
    values.delete(null);
    values.delete(undefined);
    return [...values].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  }
}
