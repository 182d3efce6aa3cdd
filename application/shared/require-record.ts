import { NotFound } from '../../domain/errors.ts';
import type { RecordStore } from '../ports/record-store.ts';
import { listIn } from './list-in.ts';

/** Loads a live record of the scope or fails with NotFound, so other organizations' records never show. */
export async function requireRecord<T extends { readonly id: string }>(
  store: RecordStore<T>,
  scope: string | null,
  id: string,
  kind: string,
): Promise<T> {
  const found = await store.get(scope, id);
  if (!found) throw NotFound.of(kind, id);
  return found;
}

/** Loads live records of the scope in the order of `ids` (repeats kept) with one query per 1000 ids; the first missing id is a NotFound. */
export async function requireRecords<T extends { readonly id: string }>(
  store: RecordStore<T>,
  scope: string,
  ids: readonly string[],
  kind: string,
): Promise<T[]> {
  const byId = new Map((await listIn(store, scope, ids)).map((record) => [record.id, record]));
  return ids.map((id) => {
    const found = byId.get(id);
    if (!found) throw NotFound.of(kind, id);
    return found;
  });
}
