import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import type { RecordStore, Storable } from '../ports/record-store.ts';
import { retryStale } from './retry-stale.ts';

interface Cascade<T> {
  /** Unlinks or deletes what hangs on the record, before the record itself. */
  readonly first: (record: T, deletedAt: string) => Promise<void>;
  /** The record as deleted (by default it only gains `deletedAt`). */
  readonly deleted?: (record: T, deletedAt: string) => T;
}

/**
 * Soft-deletes one record of the scope with what hangs on it, all in one transaction, done again from a fresh read
 * when another request changed one of them first; answers the receipt.
 */
export async function deleteWithCascade<T extends Storable>(
  ports: Pick<Ports, 'clock' | 'uow'>,
  store: RecordStore<T>,
  scope: string,
  id: string,
  { first, deleted = (record, deletedAt) => ({ ...record, deletedAt }) }: Cascade<T>,
): Promise<Deletion> {
  const deletedAt = ports.clock.now();
  await retryStale(() =>
    ports.uow.transaction(async () => {
      const record = await store.require(scope, id);
      await first(record, deletedAt);
      await store.update(deleted(record, deletedAt));
    }),
  );
  return { id, deletedAt };
}
