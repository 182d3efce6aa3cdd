import { UniqueConstraintError, type Model, type ModelStatic } from 'sequelize';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { DEFAULT_SORT, type ListQuery } from '../../application/ports/list-query.ts';
import type { RecordStore } from '../../application/ports/record-store.ts';
import type { RecordKind } from '../shared/record-kinds.ts';
import type { DatabaseHandle } from './support/database.ts';
import { toOrder, toRecord, toWhere } from './support/conditions.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** RecordStore over one Sequelize model; every query is scoped and joins the open transaction. */
export class SequelizeRecordStore<T extends { readonly id: string }> implements RecordStore<T> {
  constructor(
    protected readonly model: ModelStatic<Model>,
    protected readonly options: RecordKind,
    protected readonly database: DatabaseHandle,
    protected readonly context: TransactionContext,
  ) {}

  protected where(scope: string | null, query: ListQuery, includeDeleted = false) {
    return toWhere(this.model, this.database.dialect, [
      ...(scope === null ? [] : [{ field: this.options.scopeField, op: 'eq' as const, value: scope }]),
      ...(includeDeleted ? [] : [{ field: 'deletedAt', op: 'isNull' as const }]),
      ...(query.where ?? []),
    ]);
  }

  async get(scope: string | null, id: string, options: { includeDeleted?: boolean } = {}): Promise<T | null> {
    const row = await this.model.findOne({
      where: this.where(scope, { where: [{ field: 'id', op: 'eq', value: id }] }, options.includeDeleted),
      transaction: this.context.current(),
    });
    return row ? toRecord<T>(row) : null;
  }

  async list(scope: string | null, query: ListQuery): Promise<T[]> {
    const rows = await this.model.findAll({
      where: this.where(scope, query),
      order: toOrder(query.sort?.length ? query.sort : DEFAULT_SORT),
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
      transaction: this.context.current(),
    });
    return rows.map((row) => toRecord<T>(row));
  }

  count(scope: string | null, query: ListQuery): Promise<number> {
    return this.model.count({ where: this.where(scope, query), transaction: this.context.current() });
  }

  async insert(record: T): Promise<T> {
    try {
      const row = await this.model.create({ ...record } as Record<string, unknown>, {
        transaction: this.context.current(),
      });
      return toRecord<T>(row);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async insertMany(records: readonly T[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    if (records.length === 0) return;
    try {
      await this.model.bulkCreate(records.map((record) => ({ ...record })) as Record<string, unknown>[], {
        ignoreDuplicates: options.ignoreExisting ?? false,
        validate: false,
        hooks: false,
        transaction: this.context.current(),
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  async update(record: T): Promise<T> {
    const scope = (record as Record<string, unknown>)[this.options.scopeField];
    const stale = this.options.versioned ? { version: (record as unknown as { version: number }).version } : {};
    const next = this.options.versioned
      ? { ...record, version: (record as unknown as { version: number }).version + 1 }
      : record;
    try {
      const [changed] = await this.model.update({ ...next } as Record<string, unknown>, {
        where: { id: record.id, [this.options.scopeField]: scope, ...stale },
        transaction: this.context.current(),
      });
      if (changed === 1) return next;
    } catch (error) {
      throw this.translate(error);
    }
    const exists = await this.get(scope as string, record.id, { includeDeleted: true });
    if (!exists) throw NotFound.of(this.options.kind, record.id);
    throw new Conflict(`${this.options.kind} ${record.id} was changed by another request; read it again and retry`);
  }

  protected translate(error: unknown): unknown {
    if (error instanceof UniqueConstraintError) {
      const fields = Object.keys(error.fields ?? {})
        .filter((field) => field !== 'deleted_at')
        .map((field) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
      return new Conflict(
        `A ${this.options.kind.toLowerCase()} with the same ${fields.join(', ') || 'key'} already exists`,
      );
    }
    return error;
  }
}
