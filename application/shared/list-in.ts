import type { RecordStore, Storable } from '../ports/record-store.ts';

/** Consecutive slices of at most `size` items, so one statement never carries an unbounded list. */
export const chunks = <T>(items: readonly T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Live records of the scope with those ids, 1000 per query. */
export async function listIn<T extends Storable>(
  store: RecordStore<T>,
  scope: string,
  ids: readonly string[],
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const pages = await Promise.all(
    chunks(unique).map((part) =>
      store.list(scope, { where: [{ field: 'id', op: 'in', values: part }], limit: part.length }),
    ),
  );
  return pages.flat();
}
