import type { BulkRecordStore } from '../../application/ports/bulk-record-store.ts';
import type { Condition } from '../../application/ports/list-query.ts';
import { MemoryRecordStore } from './memory-record-store.ts';

/** The reference BulkRecordStore: the memory store plus bulk soft delete and distinct values. */
export class MemoryBulkRecordStore<T extends { readonly id: string }>
  extends MemoryRecordStore<T>
  implements BulkRecordStore<T>
{
  async softDeleteWhere(scope: string, where: readonly Condition[], deletedAt: string): Promise<number> {
    const found = this.matching(scope, where);
    for (const row of found)
      this.put({ ...row, deletedAt, ...(this.options.versioned ? { version: (row.version as number) + 1 } : {}) });
    return found.length;
  }

  async distinctValues(scope: string, field: string, where: readonly Condition[]): Promise<unknown[]> {
    const values = new Set(this.matching(scope, where).map((row) => row[field]));
    values.delete(null);
    values.delete(undefined);
    return [...values].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  }
}
