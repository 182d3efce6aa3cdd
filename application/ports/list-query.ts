import type { StoredRecord } from '../../domain/shared/record.ts';

/**
 * The names of a record's fields. `keyof T & string` is the same set as `Extract<keyof T, string>` for every record,
 * and also lets code generic over `T extends StoredRecord` name the common fields (`id`, `createdAt`, `deletedAt`).
 */
export type FieldOf<T> = keyof T & string;

/**
 * A condition on the field named `F`, or `anyOf`: at least one alternative holds, each alternative being conditions
 * that must all hold. Every adapter evaluates them the same way.
 */
export type FieldCondition<F extends string> =
  | { readonly field: F; readonly op: 'in'; readonly values: readonly unknown[] }
  | { readonly field: F; readonly op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like'; readonly value: unknown }
  | { readonly field: F; readonly op: 'isNull' | 'notNull' }
  | { readonly op: 'anyOf'; readonly alternatives: readonly (readonly FieldCondition<F>[])[] };

/** A condition on one field of a stored record of type T: a misspelt field does not compile. */
export type Condition<T> = FieldCondition<FieldOf<T>>;

export interface SortKey<T> {
  readonly field: FieldOf<T>;
  readonly direction: 'asc' | 'desc';
}

/**
 * What a list asks for: conditions (all must hold), order, and the page. Soft-deleted rows never match. The order is
 * total (orderKeys): the sort keys (or DEFAULT_SORT), then the creation time and the id in the last key's direction; null
 * sorts after every value.
 * The page starts at `offset`, or right after the record whose id is `after` (keyset: as cheap deep as first).
 */
export interface ListQuery<T> {
  readonly where?: readonly Condition<T>[];
  readonly sort?: readonly SortKey<T>[];
  readonly limit?: number;
  readonly offset?: number;
  /** The id of the record (of the scope, deleted or not) the page follows; one the scope lacks is InvalidInput. */
  readonly after?: string;
}

/** Newest first, the order an index on (organization, creation time, id) serves. */
export const DEFAULT_SORT: readonly SortKey<StoredRecord>[] = [{ field: 'createdAt', direction: 'desc' }];

/**
 * The keys a list is ordered by: the sort (or DEFAULT_SORT), then the creation time and the id unless named, in the
 * last key's direction. Ties on a sorted field go by creation time, so one index on (organization, field, createdAt,
 * id) serves both the field as a filter under the default order and the field as a sort.
 */
export function orderKeys<T extends StoredRecord>(sort: readonly SortKey<T>[] | undefined): readonly SortKey<T>[] {
  const keys = (sort?.length ? sort : DEFAULT_SORT) as readonly SortKey<T>[];
  if (keys.some((key) => key.field === 'id')) return keys;
  const direction = keys.at(-1)?.direction ?? 'desc';
  const ties: SortKey<T>[] = keys.some((key) => key.field === 'createdAt') ? [] : [{ field: 'createdAt', direction }];
  return [...keys, ...ties, { field: 'id', direction }];
}

/**
 * A query named a field its record does not have. Every adapter refuses it the same way, before touching data:
 * a programming error (a loud 500, a failing test), never a silently empty or unfiltered answer.
 */
export class UnknownField extends Error {
  constructor(
    readonly kind: string,
    readonly field: string,
  ) {
    super(`${kind} records have no field "${field}"`);
    this.name = 'UnknownField';
  }
}

/**
 * Builders for the common conditions; an absent filter adds nothing. The field's name is kept as a literal type, so
 * the store the conditions are handed to checks it against its record.
 */
export const where = {
  in<const F extends string>(field: F, values: readonly unknown[] | undefined): FieldCondition<F>[] {
    return values === undefined ? [] : [{ field, op: 'in', values }];
  },
  eq<const F extends string>(field: F, value: unknown): FieldCondition<F>[] {
    return value === undefined ? [] : [{ field, op: 'eq', value }];
  },
  range<const F extends string>(
    field: F,
    from: string | number | undefined,
    to: string | number | undefined,
  ): FieldCondition<F>[] {
    return [
      ...(from === undefined ? [] : [{ field, op: 'gte' as const, value: from }]),
      ...(to === undefined ? [] : [{ field, op: 'lte' as const, value: to }]),
    ];
  },
  /** The field contains the text, in any case. */
  contains<const F extends string>(field: F, text: string | undefined): FieldCondition<F>[] {
    return text === undefined ? [] : [{ field, op: 'like', value: text }];
  },
  /** The list conventions of named records: `name` is part of the name in any case, `names` exact names. */
  named(filter: { readonly name?: string; readonly names?: readonly string[] }): FieldCondition<'name'>[] {
    return [...where.contains('name', filter.name), ...where.in('name', filter.names)];
  },
  isNull<const F extends string>(field: F): FieldCondition<F>[] {
    return [{ field, op: 'isNull' }];
  },
  /** At least one alternative holds; no alternative at all matches nothing. */
  anyOf<const F extends string>(...alternatives: readonly (readonly FieldCondition<F>[])[]): FieldCondition<F>[] {
    return [{ op: 'anyOf', alternatives }];
  },
};

/** The fields a condition names, those inside `anyOf` alternatives included. */
export function fieldsOf<F extends string>(condition: FieldCondition<F>): F[] {
  return condition.op === 'anyOf'
    ? condition.alternatives.flatMap((alternative) => alternative.flatMap(fieldsOf))
    : [condition.field];
}
