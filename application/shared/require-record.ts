import { NotFound } from '../../domain/errors.ts';
import type { RecordStore } from '../ports/record-store.ts';

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
