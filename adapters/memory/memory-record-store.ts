import { Conflict, NotFound } from '../../domain/errors.ts';
import { DEFAULT_SORT, type Condition, type ListQuery } from '../../application/ports/list-query.ts';
import type { RecordStore } from '../../application/ports/record-store.ts';
import type { RecordKind } from '../shared/record-kinds.ts';
import { byKeys, meets } from './evaluate-condition.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

type Row = Record<string, unknown>;

/** The reference RecordStore: a map of copies, so callers never share state with the store. */
export class MemoryRecordStore<T extends { readonly id: string }> implements RecordStore<T> {
  protected readonly rows = new Map<string, Row>();

  constructor(
    protected readonly options: RecordKind,
    protected readonly uow: MemoryUnitOfWork,
  ) {}

  protected matching(scope: string | null, conditions: readonly Condition[], includeDeleted = false): Row[] {
    return [...this.rows.values()].filter(
      (row) =>
        (scope === null || row[this.options.scopeField] === scope) &&
        (includeDeleted || row.deletedAt === null) &&
        conditions.every((condition) => meets(row, condition)),
    );
  }

  async get(scope: string | null, id: string, options: { includeDeleted?: boolean } = {}): Promise<T | null> {
    const row = this.rows.get(id);
    if (!row || (scope !== null && row[this.options.scopeField] !== scope)) return null;
    if (row.deletedAt !== null && !options.includeDeleted) return null;
    return structuredClone(row) as T;
  }

  async list(scope: string | null, query: ListQuery): Promise<T[]> {
    const offset = query.offset ?? 0;
    return this.matching(scope, query.where ?? [])
      .sort(byKeys(query.sort?.length ? query.sort : DEFAULT_SORT))
      .slice(offset, offset + (query.limit ?? 100))
      .map((row) => structuredClone(row) as T);
  }

  async count(scope: string | null, query: ListQuery): Promise<number> {
    return this.matching(scope, query.where ?? []).length;
  }

  async insert(record: T): Promise<T> {
    if (this.rows.has(record.id)) throw new Conflict(`${this.options.kind} ${record.id} already exists`);
    this.assertUnique(record as unknown as Row);
    this.put(structuredClone(record) as unknown as Row);
    return structuredClone(record);
  }

  async insertMany(records: readonly T[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    const fresh = options.ignoreExisting ? records.filter((record) => !this.rows.has(record.id)) : records;
    const seen = new Set<string>();
    for (const record of fresh) {
      if (this.rows.has(record.id) || seen.has(record.id))
        throw new Conflict(`${this.options.kind} ${record.id} already exists`);
      seen.add(record.id);
      this.assertUnique(record as unknown as Row);
    }
    for (const record of fresh) this.put(structuredClone(record) as unknown as Row);
  }

  async update(record: T): Promise<T> {
    const row = record as unknown as Row;
    const stored = this.rows.get(record.id);
    if (!stored || stored[this.options.scopeField] !== row[this.options.scopeField])
      throw NotFound.of(this.options.kind, record.id);
    if (this.options.versioned && stored.version !== row.version) {
      throw new Conflict(`${this.options.kind} ${record.id} was changed by another request; read it again and retry`);
    }
    this.assertUnique(row);
    const next = this.options.versioned ? { ...row, version: (row.version as number) + 1 } : { ...row };
    this.put(structuredClone(next));
    return structuredClone(next) as unknown as T;
  }

  /** Stores a row, undoably: every write of this store and its subclasses goes through here. */
  protected put(row: Row): void {
    const id = row.id as string;
    const previous = this.rows.get(id);
    this.rows.set(id, row);
    this.uow.recordUndo(() => (previous ? this.rows.set(id, previous) : this.rows.delete(id)));
  }

  private assertUnique(row: Row): void {
    if (row.deletedAt !== null && row.deletedAt !== undefined) return;
    for (const fields of this.options.unique ?? []) {
      if (fields.some((field) => row[field] === null || row[field] === undefined)) continue;
      const clash = [...this.rows.values()].some(
        (other) =>
          other.id !== row.id && other.deletedAt === null && fields.every((field) => other[field] === row[field]),
      );
      if (clash)
        throw new Conflict(`A ${this.options.kind.toLowerCase()} with the same ${fields.join(', ')} already exists`);
    }
  }
}
