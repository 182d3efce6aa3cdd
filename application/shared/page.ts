import type { SortKey } from '../ports/list-query.ts';

/** Paging and order of a list request, already validated by the adapter that received it. */
export interface Page<T> {
  readonly sort?: readonly SortKey<T>[];
  readonly limit?: number;
  readonly offset?: number;
  /** The id of the last record of the previous page: this page follows it (see ListQuery.after). */
  readonly after?: string;
}
