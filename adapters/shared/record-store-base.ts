import { NotFound } from '../../domain/errors.ts';
import type { ListQuery } from '../../application/ports/list-query.ts';
import type { RecordStore, Storable } from '../../application/ports/record-store.ts';
import { listIn } from '../../application/shared/list-in.ts';
import type { RecordKind } from './record-kind.ts';

/** What every store shares whatever its technology: its kind, and `require`/`requireMany` built on `get`/`list`. */
export abstract class RecordStoreBase<T extends Storable> implements RecordStore<T> {
  constructor(protected readonly kind: RecordKind<T>) {}

  abstract get(scope: string | null, id: string, options?: { includeDeleted?: boolean }): Promise<T | null>;
  abstract list(scope: string | null, query: ListQuery<T>): Promise<T[]>;
  abstract count(scope: string | null, query: ListQuery<T>): Promise<number>;
  abstract insert(record: T): Promise<T>;
  abstract insertMany(records: readonly T[], options?: { ignoreExisting?: boolean }): Promise<void>;
  abstract update(record: T): Promise<T>;

  async require(scope: string | null, id: string): Promise<T> {
    const found = await this.get(scope, id);
    if (!found) throw NotFound.of(this.kind.publicName, id);
    return found;
  }

  async requireMany(scope: string, ids: readonly string[]): Promise<T[]> {
    const byId = new Map((await listIn(this, scope, ids)).map((record) => [record.id, record]));
    return ids.map((id) => {
      const found = byId.get(id);
      if (!found) throw NotFound.of(this.kind.publicName, id);
      return found;
    });
  }
}
