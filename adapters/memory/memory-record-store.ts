import { DuplicateKey, NotFound, StaleVersion } from '../../domain/errors.ts';
import { type Condition, type ListQuery, orderKeys } from '../../application/ports/list-query.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { bumped } from '../shared/bumped.ts';
import { afterUnknown, keysetConditions } from '../shared/keyset.ts';
import { assertQueryFields, type RecordKind } from '../shared/record-kind.ts';
import { RecordStoreBase } from '../shared/record-store-base.ts';
import { byKeys, meets } from './evaluate-condition.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The reference RecordStore: a map of copies, so callers never share state with the store. */
export class MemoryRecordStore<T extends Storable> extends RecordStoreBase<T> {
  protected readonly rows = new Map<string, T>();
  /** Whether ids are unique per organization (rows keyed by scope and id) rather than across all of them. */
  protected readonly scopedIds: boolean = false;

  constructor(
    kind: RecordKind<T>,
    protected readonly uow: MemoryUnitOfWork,
  ) {
    super(kind);
  }

  protected matching(scope: string | null, conditions: readonly Condition<T>[], includeDeleted = false): T[] {
    assertQueryFields(this.kind, { where: conditions });
    return [...this.rows.values()].filter(
      (row) =>
        (scope === null || row[this.kind.scopeField] === scope) &&
        (includeDeleted || row.deletedAt === null) &&
        conditions.every((condition) => meets(row, condition)),
    );
  }

  /** The map key of a row. */
  protected keyOf(row: T): string {
    return this.scopedIds ? `${row[this.kind.scopeField]}\u0000${row.id}` : row.id;
  }

  /** The stored row with that id (in that organization when ids are per organization), if any. */
  protected lookup(scope: string | null, id: string): T | undefined {
    if (!this.scopedIds) return this.rows.get(id);
    if (scope !== null) return this.rows.get(`${scope}\u0000${id}`);
    return [...this.rows.values()].find((row) => row.id === id);
  }

  async get(scope: string | null, id: string, options: { includeDeleted?: boolean } = {}): Promise<T | null> {
    const row = this.lookup(scope, id);
    if (!row || (scope !== null && row[this.kind.scopeField] !== scope)) return null;
    if (row.deletedAt !== null && !options.includeDeleted) return null;
    return structuredClone(row);
  }

  async list(scope: string | null, query: ListQuery<T>): Promise<T[]> {
    assertQueryFields(this.kind, query);
    const offset = query.offset ?? 0;
    return this.matching(scope, [...(query.where ?? []), ...this.following(scope, query)])
      .sort(byKeys(query.sort))
      .slice(offset, offset + (query.limit ?? 100))
      .map((row) => structuredClone(row));
  }

  /** The keyset conditions of `query.after`: rows after that record in the query's order (any field may be null). */
  private following(scope: string | null, query: ListQuery<T>): Condition<T>[] {
    if (query.after === undefined) return [];
    const row = this.lookup(scope, query.after);
    if (!row || (scope !== null && row[this.kind.scopeField] !== scope)) throw afterUnknown();
    return keysetConditions(orderKeys(query.sort), row, () => true) as Condition<T>[];
  }

  async count(scope: string | null, query: ListQuery<T>): Promise<number> {
    assertQueryFields(this.kind, query);
    return this.matching(scope, query.where ?? []).length;
  }

  async insert(record: T): Promise<T> {
    if (this.rows.has(this.keyOf(record))) throw this.duplicateId(record.id);
    this.assertUnique(record);
    this.put(structuredClone(record));
    return structuredClone(record);
  }

  async insertMany(records: readonly T[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    const fresh = options.ignoreExisting ? records.filter((record) => !this.rows.has(this.keyOf(record))) : records;
    const seen = new Set<string>();
    for (const record of fresh) {
      const key = this.keyOf(record);
      if (this.rows.has(key) || seen.has(key)) throw this.duplicateId(record.id);
      seen.add(key);
      this.assertUnique(record);
    }
    for (const record of fresh) this.put(structuredClone(record));
  }

  async update(record: T): Promise<T> {
    const stored = this.rows.get(this.keyOf(record));
    if (!stored || stored[this.kind.scopeField] !== record[this.kind.scopeField])
      throw NotFound.of(this.kind.publicName, record.id);
    if (stored.version !== record.version) throw StaleVersion.of(this.kind.publicName, record.id);
    this.assertUnique(record);
    const next = bumped(record);
    this.put(structuredClone(next));
    return structuredClone(next);
  }

  /** Copies of the stored rows (soft-deleted ones too) that `match`: the sweep's reads. */
  rowsWhere(match: (row: T) => boolean): T[] {
    return [...this.rows.values()].filter(match).map((row) => structuredClone(row));
  }

  /** Deletes for good, undoably, at most `limit` stored rows (soft-deleted ones too) that `match`: the sweep's deletes. */
  removeWhere(match: (row: T) => boolean, limit = Number.POSITIVE_INFINITY): T[] {
    const removed: T[] = [];
    for (const [key, row] of this.rows) {
      if (removed.length >= limit) break;
      if (!match(row)) continue;
      this.rows.delete(key);
      this.uow.recordUndo(() => this.rows.set(key, row));
      removed.push(row);
    }
    return removed;
  }

  /** Stores a row, undoably: every write of this store and its subclasses goes through here. */
  protected put(row: T): void {
    const key = this.keyOf(row);
    const previous = this.rows.get(key);
    this.rows.set(key, row);
    this.uow.recordUndo(() => (previous ? this.rows.set(key, previous) : this.rows.delete(key)));
  }

  private duplicateId(id: string): DuplicateKey {
    return new DuplicateKey(['id'], `${this.kind.publicName} ${id} already exists`);
  }

  private assertUnique(row: T): void {
    if (row.deletedAt !== null && row.deletedAt !== undefined) return;
    for (const fields of this.kind.unique ?? []) {
      if (fields.some((field) => row[field] === null || row[field] === undefined)) continue;
      const clash = [...this.rows.values()].some(
        (other) =>
          this.keyOf(other) !== this.keyOf(row) &&
          other.deletedAt === null &&
          fields.every((field) => other[field] === row[field]),
      );
      if (clash) throw DuplicateKey.of(this.kind.publicName, fields);
    }
    for (const { fields, when } of this.kind.uniqueWhen ?? []) {
      const matches = (other: T) => Object.entries(when).every(([field, value]) => other[field as keyof T] === value);
      if (!matches(row)) continue;
      const clash = [...this.rows.values()].some(
        (other) =>
          this.keyOf(other) !== this.keyOf(row) &&
          other.deletedAt === null &&
          matches(other) &&
          fields.every((field) => other[field] === row[field]),
      );
      if (clash) throw DuplicateKey.of(this.kind.publicName, fields);
    }
  }
}
