import type { ListQuery } from './list-query.ts';

/**
 * Storage of one kind of record, scoped to an organization: a record of another organization is
 * never returned nor changed. `scope` null means every organization (platform admin routes only).
 */
export interface RecordStore<T extends { readonly id: string }> {
  /** The live record with that id in that organization, or null (deleted ones too when asked). */
  get(scope: string | null, id: string, options?: { includeDeleted?: boolean }): Promise<T | null>;
  /** Live records of the scope that meet the query, in its order, one page. */
  list(scope: string | null, query: ListQuery): Promise<T[]>;
  /** How many live records of the scope meet the query's conditions. */
  count(scope: string | null, query: ListQuery): Promise<number>;
  /** Stores a new record; a duplicate of a unique key raises Conflict. */
  insert(record: T): Promise<T>;
  /** Stores many records with one statement; with `ignoreExisting`, ids already stored are skipped silently. */
  insertMany(records: readonly T[], options?: { ignoreExisting?: boolean }): Promise<void>;
  /** Replaces a record; when T is versioned, a stale `version` raises Conflict and the stored version grows by one. */
  update(record: T): Promise<T>;
}
