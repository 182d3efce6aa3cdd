/** A condition on one field of a stored record; every adapter evaluates it the same way. */
export type Condition =
  | { readonly field: string; readonly op: 'in'; readonly values: readonly unknown[] }
  | { readonly field: string; readonly op: 'eq' | 'gte' | 'lte' | 'like'; readonly value: unknown }
  | { readonly field: string; readonly op: 'isNull' | 'notNull' };

export interface SortKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** What a list asks for: conditions (all must hold), order, and the page. Soft-deleted rows never match. */
export interface ListQuery {
  readonly where?: readonly Condition[];
  readonly sort?: readonly SortKey[];
  readonly limit?: number;
  readonly offset?: number;
}

export const DEFAULT_SORT: readonly SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** Builders for the common conditions; an absent filter adds nothing. */
export const where = {
  in(field: string, values: readonly unknown[] | undefined): Condition[] {
    return values === undefined ? [] : [{ field, op: 'in', values }];
  },
  eq(field: string, value: unknown): Condition[] {
    return value === undefined ? [] : [{ field, op: 'eq', value }];
  },
  range(field: string, from: string | number | undefined, to: string | number | undefined): Condition[] {
    return [
      ...(from === undefined ? [] : [{ field, op: 'gte' as const, value: from }]),
      ...(to === undefined ? [] : [{ field, op: 'lte' as const, value: to }]),
    ];
  },
};
