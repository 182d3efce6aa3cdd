import { InvalidInput } from '../../domain/errors.ts';
import type { FieldCondition } from '../../application/ports/list-query.ts';

/** A sort key of any record. */
type OrderKey = { readonly field: string; readonly direction: 'asc' | 'desc' };

/** A page asked to follow a record its scope does not hold (never stored, another organization's, or purged). */
export const afterUnknown = (): InvalidInput =>
  InvalidInput.of('cursor', 'the record this page follows is not in the list any more; start the list again');

/**
 * The conditions that keep exactly the rows after `row` in the order of `keys` (orderKeys: total, ending with the
 * id), where null sorts after every value: row-value comparison spelt as conditions, so every adapter evaluates it
 * as it evaluates filters. A bound on the first key comes first, so an index on it starts the scan at the row.
 * `nullable` says which fields may hold null; the others skip the null alternatives.
 */
export function keysetConditions<T extends object>(
  keys: readonly OrderKey[],
  record: T,
  nullable: (field: string) => boolean,
): FieldCondition<string>[] {
  const row = record as Readonly<Record<string, unknown>>;
  const alternatives: FieldCondition<string>[][] = [];
  for (let index = 0; index < keys.length; index++) {
    const beyond = strictlyAfter(keys[index], row[keys[index].field], nullable(keys[index].field));
    if (beyond === null) continue;
    alternatives.push([...keys.slice(0, index).map((key) => sameAs(key.field, row[key.field])), beyond]);
  }
  return [...firstKeyBound(keys[0], row[keys[0].field], nullable(keys[0].field)), { op: 'anyOf', alternatives }];
}

function sameAs(field: string, value: unknown): FieldCondition<string> {
  return value === null || value === undefined ? { field, op: 'isNull' } : { field, op: 'eq', value };
}

/** The rows whose `key` comes strictly after `value`; null when none can. */
function strictlyAfter(key: OrderKey, value: unknown, nullable: boolean): FieldCondition<string> | null {
  const { field, direction } = key;
  if (value === null || value === undefined) return direction === 'asc' ? null : { field, op: 'notNull' };
  if (direction === 'desc') return { field, op: 'lt', value };
  const greater: FieldCondition<string> = { field, op: 'gt', value };
  return nullable ? { op: 'anyOf', alternatives: [[greater], [{ field, op: 'isNull' }]] } : greater;
}

/** A plain range on the first key that every following row meets (redundant, for the index), when one exists. */
function firstKeyBound(key: OrderKey, value: unknown, nullable: boolean): FieldCondition<string>[] {
  const { field, direction } = key;
  if (value === null || value === undefined) return direction === 'asc' ? [{ field, op: 'isNull' }] : [];
  if (direction === 'desc') return [{ field, op: 'lte', value }];
  return nullable ? [] : [{ field, op: 'gte', value }];
}
