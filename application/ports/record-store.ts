import type { StoredRecord, Versioned } from '../../domain/shared/record.ts';
import type { ListQuery } from './list-query.ts';

/** What a store keeps: a stored record that, when it changes, carries a `version` (typed, so no store casts for it). */
export type Storable = StoredRecord & Partial<Versioned>;

/**
 * Storage of one kind of record, scoped to an organization: a record of another organization is
 * never returned nor changed. `scope` null means every organization (platform admin routes only).
 * A query naming a field the record does not have is refused with UnknownField.
 */
export interface RecordStore<T extends Storable> {
  /** The live record with that id in that organization, or null (deleted ones too when asked). */
  get(scope: string | null, id: string, options?: { includeDeleted?: boolean }): Promise<T | null>;
  /** The live record with that id in that organization, or NotFound naming the kind (so others' never show). */
  require(scope: string | null, id: string): Promise<T>;
  /** Live records of the scope in the order of `ids` (repeats kept), 1000 ids per query; a missing id is NotFound. */
  requireMany(scope: string, ids: readonly string[]): Promise<T[]>;
  /** Live records of the scope that meet the query, in its order, one page. */
  list(scope: string | null, query: ListQuery<T>): Promise<T[]>;
  /** How many live records of the scope meet the query's conditions. */
  count(scope: string | null, query: ListQuery<T>): Promise<number>;
  /** Stores a new record; a duplicate of its id or of a unique key raises DuplicateKey. */
  insert(record: T): Promise<T>;
  /** Stores many records with one statement; with `ignoreExisting`, ids already stored are skipped silently. */
  insertMany(records: readonly T[], options?: { ignoreExisting?: boolean }): Promise<void>;
  /**
   * Replaces a record; a unique-key clash raises DuplicateKey. When T is versioned, a stale `version` raises
   * StaleVersion and the stored version grows by one.
   */
  update(record: T): Promise<T>;
}
