import { Op, QueryTypes, UniqueConstraintError, type Model, type ModelStatic, type WhereOptions } from 'sequelize';
import { DuplicateKey, NotFound, StaleVersion } from '../../domain/errors.ts';
import { type FieldCondition, type ListQuery, orderKeys, type SortKey } from '../../application/ports/list-query.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { bumped } from '../shared/bumped.ts';
import { afterUnknown, keysetConditions } from '../shared/keyset.ts';
import { assertQueryFields, type RecordKind } from '../shared/record-kind.ts';
import { RecordStoreBase } from '../shared/record-store-base.ts';
import type { DatabaseHandle } from './support/database.ts';
import { isNullable, rowValueBound, toOrder, toRecord, toUnindexedOrder, toWhere } from './support/conditions.ts';
import { indexHoldsPage, RANGE_PLAN_ROWS, rangeCandidate, rangeProbe } from './support/range-plan.ts';
import { boundUpdate } from './support/bound-update.ts';
import { jsonBulkInsert } from './support/json-bulk-insert.ts';
import { RowCodec } from './support/row-codec.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The rows after `query.after`: that record (null without a cursor), their conditions and row-value bound. */
export type Following<T> = {
  readonly row: T | null;
  readonly conditions: readonly FieldCondition<string>[];
  readonly bound: WhereOptions | null;
};

/** RecordStore over one Sequelize model; every query is scoped and joins the open transaction. */
export class SequelizeRecordStore<T extends Storable> extends RecordStoreBase<T> {
  protected readonly codec: RowCodec<T>;
  private readonly byId = new Map<string, string>();

  constructor(
    protected readonly model: ModelStatic<Model>,
    kind: RecordKind<T>,
    protected readonly database: DatabaseHandle,
    protected readonly context: TransactionContext,
  ) {
    super(kind);
    this.codec = new RowCodec<T>(model, database.dialect);
  }

  /** The scoped where clause of a query; a field the record does not have is refused before any SQL is built. */
  protected where(
    scope: string | null,
    query: ListQuery<T>,
    includeDeleted = false,
    following: readonly FieldCondition<string>[] = [],
  ) {
    assertQueryFields(this.kind, query);
    const scoping: FieldCondition<string>[] = [
      ...(scope === null ? [] : [{ field: this.kind.scopeField, op: 'eq' as const, value: scope }]),
      ...(includeDeleted ? [] : [{ field: 'deletedAt', op: 'isNull' as const }]),
    ];
    return toWhere(this.model, this.database.dialect, [...scoping, ...(query.where ?? []), ...following]);
  }

  /** One record by id: the hottest read, so a prepared statement on the light path (RowReader). */
  async get(scope: string | null, id: string, options: { includeDeleted?: boolean } = {}): Promise<T | null> {
    const sql = this.byIdSql(scope !== null, options.includeDeleted ?? false);
    const rows = await this.database.rows.select(sql, scope === null ? [id] : [id, scope], this.context.current());
    return rows.length > 0 ? this.codec.decode(rows[0], 'r') : null;
  }

  private byIdSql(scoped: boolean, includeDeleted: boolean): string {
    const key = `${scoped}:${includeDeleted}`;
    let sql = this.byId.get(key);
    if (sql === undefined) {
      sql =
        `SELECT ${this.codec.selectList('r')} FROM "${this.codec.table}" AS "r" WHERE "r"."id" = ?` +
        (scoped ? ` AND "r".${this.codec.column(this.kind.scopeField)} = ?` : '') +
        (includeDeleted ? '' : ' AND "r"."deleted_at" IS NULL');
      this.byId.set(key, sql);
    }
    return sql;
  }

  /**
   * Raw rows decoded by the codec: a model instance per row cost more than reading the row. A small range on a
   * field indexed for it, under an order on another field, is read through its index (the range plan, range-plan.ts).
   */
  async list(scope: string | null, asked: ListQuery<T>): Promise<T[]> {
    assertQueryFields(this.kind, asked);
    const keys = orderKeys(asked.sort);
    const following = await this.following(scope, asked, keys);
    const query = scope === null ? asked : await this.narrowed(scope, asked, keys, following);
    const ranges = scope === null ? [] : await this.smallRange(scope, query, keys);
    if (scope !== null && ranges.length > 0 && !query.offset && indexHoldsPage(query.where ?? [], ranges, keys)) {
      const page = await this.pageThroughKeys(scope, query, keys, ranges, following);
      if (page !== null) return page;
    }
    return this.page(scope, query, keys, following, ranges.length > 0 ? toUnindexedOrder : toOrder);
  }

  /** The query with conditions that keep its page and spare reading rows it cannot hold; a store's own knowledge. */
  protected async narrowed(
    _scope: string,
    query: ListQuery<T>,
    _keys: readonly SortKey<T>[],
    _following: Following<T>,
  ): Promise<ListQuery<T>> {
    return query;
  }

  private async page(
    scope: string | null,
    query: ListQuery<T>,
    keys: readonly SortKey<T>[],
    following: Following<T>,
    ordered: typeof toOrder,
  ): Promise<T[]> {
    const where = this.where(scope, query, false, following.conditions);
    const rows = (await this.model.findAll({
      where: following.bound ? { [Op.and]: [where, following.bound] } : where,
      order: ordered(this.model, this.database.dialect, keys),
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
      raw: true,
      transaction: this.context.current(),
    })) as unknown as Record<string, unknown>[];
    return rows.map((row) => this.codec.decodeFields(row));
  }

  /**
   * The range's conditions when the range plan serves the list: a range on a field indexed for it under an order
   * on another field (rangeCandidate), holding at most RANGE_PLAN_ROWS rows of the organization, counted by a
   * bounded probe of its index. A bigger range is dense enough in the order's index for the order's plan to meet
   * a page of it soon; none: the order's plan.
   */
  private async smallRange(scope: string, query: ListQuery<T>, keys: readonly SortKey<T>[]) {
    const ranges = rangeCandidate(this.codec.table, query.where ?? [], keys);
    if (ranges.length === 0) return [];
    const scopeColumn = this.codec.column(this.kind.scopeField);
    const probe = rangeProbe(this.model, this.database.dialect, scopeColumn, scope, ranges);
    const [row] = await this.database.sequelize.query<{ n: number | string }>(probe.sql, {
      bind: probe.parameters,
      type: QueryTypes.SELECT,
      transaction: this.context.current(),
    });
    return Number(row?.n ?? 0) <= RANGE_PLAN_ROWS ? ranges : [];
  }

  /**
   * The range plan when the range is the list's only filter: the page's ids from the range's index alone (its
   * order keys are in it: no row is read to sort), then those rows by primary key. A deleted row among them (the
   * index does not know) makes the page short: null, and the caller reads the range's rows instead.
   */
  private async pageThroughKeys(
    scope: string,
    query: ListQuery<T>,
    keys: readonly SortKey<T>[],
    ranges: readonly FieldCondition<string>[],
    following: Following<T>,
  ): Promise<T[] | null> {
    const scoping: FieldCondition<string> = { field: this.kind.scopeField, op: 'eq', value: scope };
    const where = toWhere(this.model, this.database.dialect, [scoping, ...ranges, ...following.conditions]);
    const found = (await this.model.findAll({
      attributes: ['id'],
      where: following.bound ? { [Op.and]: [where, following.bound] } : where,
      order: toUnindexedOrder(this.model, this.database.dialect, keys),
      limit: query.limit ?? 100,
      raw: true,
      transaction: this.context.current(),
    })) as unknown as { id: string }[];
    if (found.length === 0) return [];
    const ids: FieldCondition<string> = { field: 'id', op: 'in', values: found.map((row) => row.id) };
    const byIds = { ...query, where: [...(query.where ?? []), ids] } as ListQuery<T>;
    const rows = await this.page(scope, byIds, keys, following, toUnindexedOrder);
    return rows.length === found.length ? rows : null;
  }

  /**
   * The keyset conditions of `query.after`, from that record's stored values (one lookup by primary key), and the
   * same position as a row-value range when the order allows one (rowValueBound).
   */
  private async following(
    scope: string | null,
    query: ListQuery<T>,
    keys: readonly SortKey<T>[],
  ): Promise<Following<T>> {
    if (query.after === undefined) return { row: null, conditions: [], bound: null };
    const row = await this.get(scope, query.after, { includeDeleted: true });
    if (!row) throw afterUnknown();
    return {
      row,
      conditions: keysetConditions(keys, row, (field) => isNullable(this.model, field)),
      bound: rowValueBound(this.model, keys, row as unknown as Record<string, unknown>),
    };
  }

  async count(scope: string | null, query: ListQuery<T>): Promise<number> {
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

  /** One statement with one JSON parameter however many records (jsonBulkInsert): no value enters the SQL text. */
  async insertMany(records: readonly T[], options: { ignoreExisting?: boolean } = {}): Promise<void> {
    if (records.length === 0) return;
    try {
      await jsonBulkInsert(this.model, this.database.dialect, records, {
        ignoreExisting: options.ignoreExisting ?? false,
        transaction: this.context.current(),
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  async update(record: T): Promise<T> {
    const scope = record[this.kind.scopeField];
    const stale = record.version === undefined ? {} : { version: record.version };
    const next = bumped(record);
    try {
      const changed = await boundUpdate(
        this.model,
        this.database.dialect,
        next,
        { id: record.id, [this.kind.scopeField]: scope, ...stale },
        this.context.current(),
      );
      if (changed === 1) return next;
    } catch (error) {
      throw this.translate(error);
    }
    const exists = await this.get(scope as string, record.id, { includeDeleted: true });
    if (!exists) throw NotFound.of(this.kind.publicName, record.id);
    throw StaleVersion.of(this.kind.publicName, record.id);
  }

  protected translate(error: unknown): unknown {
    if (error instanceof UniqueConstraintError) {
      // PostgreSQL reports the clashing columns as an object's keys, SQLite as an array (or an array-like object).
      const reported = (error.fields ?? {}) as Record<string, unknown> | string[];
      const columns = Array.isArray(reported)
        ? reported
        : Object.entries(reported).map(([key, value]) => (/^\d+$/.test(key) ? String(value) : key));
      const fields = columns
        .filter((field) => field !== 'deleted_at')
        .map((field) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
      return DuplicateKey.of(this.kind.publicName, fields);
    }
    return error;
  }
}
