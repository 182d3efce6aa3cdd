import type { StoredRecord } from '../../domain/shared/record.ts';
import { type Condition, orderKeys, type SortKey } from '../../application/ports/list-query.ts';

/** The reference semantics of a port condition; the SQL adapters must agree with it (contract suites). */
export function meets<T>(row: T, condition: Condition<T>): boolean {
  if (condition.op === 'anyOf')
    return condition.alternatives.some((alternative) => alternative.every((inner) => meets(row, inner)));
  const actual: unknown = row[condition.field];
  switch (condition.op) {
    case 'in':
      return condition.values.includes(actual);
    case 'eq':
      return actual === condition.value;
    case 'gt':
      return actual !== null && actual !== undefined && (actual as number) > (condition.value as number);
    case 'lt':
      return actual !== null && actual !== undefined && (actual as number) < (condition.value as number);
    case 'gte':
      return actual !== null && actual !== undefined && (actual as number) >= (condition.value as number);
    case 'lte':
      return actual !== null && actual !== undefined && (actual as number) <= (condition.value as number);
    case 'like':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(condition.value).toLowerCase());
    case 'isNull':
      return actual === null || actual === undefined;
    case 'notNull':
      return actual !== null && actual !== undefined;
  }
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return (a as number) < (b as number) ? -1 : 1;
}

/** Orders rows as ListQuery says (orderKeys): null after every value, so last ascending and first descending. */
export function byKeys<T extends StoredRecord>(sort: readonly SortKey<T>[] | undefined): (a: T, b: T) => number {
  const keys = orderKeys(sort);
  return (a, b) => {
    for (const key of keys) {
      const order = compare(a[key.field], b[key.field]);
      if (order !== 0) return key.direction === 'asc' ? order : -order;
    }
    return 0;
  };
}
