/**
 * Per column: whether every row holds the same value there (compared with `===`, so objects count as shared only
 * when they are one object). Batch inserts send such a column's value once instead of once per row: a batch of
 * spans shares about half its columns (organization, inference result, creation time, nulls).
 */
export function sharedColumns<R>(
  rows: readonly R[],
  width: number,
  valueAt: (row: R, column: number) => unknown,
): boolean[] {
  const shared: boolean[] = [];
  for (let column = 0; column < width; column++) {
    const first = valueAt(rows[0], column);
    shared.push(rows.every((row) => valueAt(row, column) === first));
  }
  return shared;
}
