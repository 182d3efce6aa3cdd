import {
  col,
  DataTypes,
  fn,
  literal,
  Op,
  where,
  type ModelStatic,
  type Model,
  type WhereOptions,
  type Order,
} from 'sequelize';
import type { FieldCondition, SortKey } from '../../../application/ports/list-query.ts';
import type { StoredRecord } from '../../../domain/shared/record.ts';
import type { Dialect } from './database.ts';

type AnyModel = ModelStatic<Model>;

function isDateField(model: AnyModel, field: string): boolean {
  const attribute = model.getAttributes()[field];
  // The stores refuse unknown fields first (UnknownField); reaching this means a model and its kind disagree.
  if (!attribute) throw new Error(`${model.name} has no field ${field}`);
  return attribute.type instanceof DataTypes.DATE;
}

/** Dates are ISO strings in the domain; the dialect formats them only when handed Date objects. */
function value(model: AnyModel, field: string, raw: unknown): unknown {
  return isDateField(model, field) && typeof raw === 'string' ? new Date(raw) : raw;
}

/** Translates port conditions into a Sequelize where clause; every condition must hold. */
export function toWhere(
  model: AnyModel,
  dialect: Dialect,
  conditions: readonly FieldCondition<string>[],
): WhereOptions {
  return { [Op.and]: conditions.map((condition) => clauseOf(model, dialect, condition)) };
}

function clauseOf(model: AnyModel, dialect: Dialect, condition: FieldCondition<string>): WhereOptions {
  if (condition.op === 'anyOf') {
    // Sequelize drops empty ORs and ANDs; here no alternative matches nothing, an empty alternative everything.
    if (condition.alternatives.length === 0) return literal('1 = 0');
    if (condition.alternatives.some((alternative) => alternative.length === 0)) return literal('1 = 1');
    return { [Op.or]: condition.alternatives.map((alternative) => toWhere(model, dialect, alternative)) };
  }
  const { field } = condition;
  switch (condition.op) {
    case 'in':
      return { [field]: { [Op.in]: condition.values.map((item) => value(model, field, item)) } };
    case 'eq':
      return { [field]: condition.value === null ? { [Op.is]: null } : value(model, field, condition.value) };
    case 'gt':
      return { [field]: { [Op.gt]: value(model, field, condition.value) } };
    case 'lt':
      return { [field]: { [Op.lt]: value(model, field, condition.value) } };
    case 'gte':
      return { [field]: { [Op.gte]: value(model, field, condition.value) } };
    case 'lte':
      return { [field]: { [Op.lte]: value(model, field, condition.value) } };
    case 'like':
      return contains(model, dialect, field, String(condition.value));
    case 'isNull':
      return { [field]: { [Op.is]: null } };
    case 'notNull':
      return { [field]: { [Op.not]: null } };
  }
}

/**
 * The field contains the text, in any case: a position search with the text bound as a parameter, so `%` and `_`
 * are plain characters as in the memory adapter (LIKE would take them as wildcards).
 */
function contains(model: AnyModel, dialect: Dialect, field: string, text: string): WhereOptions {
  const column = model.getAttributes()[field]?.field ?? field;
  const position = dialect === 'postgres' ? 'strpos' : 'instr';
  return where(fn(position, fn('lower', col(column)), text.toLowerCase()), Op.gt, 0);
}

/** Whether the model's field may hold null. */
export const isNullable = (model: AnyModel, field: string): boolean =>
  model.getAttributes()[field]?.allowNull !== false;

/**
 * The order of `keys` (orderKeys) with null after every value, as PostgreSQL orders by default; SQLite puts null
 * first ascending, so its nullable keys say where nulls go (a NOT NULL key says nothing, keeping its index usable).
 */
export function toOrder<T extends StoredRecord>(model: AnyModel, dialect: Dialect, keys: readonly SortKey<T>[]): Order {
  return keys.map((key) => {
    const direction = key.direction.toUpperCase();
    if (dialect === 'postgres' || !isNullable(model, key.field)) return [key.field, direction];
    return [key.field, direction === 'ASC' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'];
  });
}

/**
 * The same order as `toOrder`, each key written `COALESCE(column, column)`: the same values, but no index serves
 * the order, so the planner picks the index that serves the conditions (the range plan: read a small range through
 * its index, then sort it) instead of walking the order's index.
 */
export function toUnindexedOrder<T extends StoredRecord>(
  model: AnyModel,
  dialect: Dialect,
  keys: readonly SortKey<T>[],
): Order {
  return (toOrder(model, dialect, keys) as [string, string][]).map(([field, direction]) => {
    const column = col(model.getAttributes()[field]?.field ?? field);
    return [fn('COALESCE', column, column), direction];
  });
}

/**
 * `(k1, …, kn) < (v1, …, vn)` (`>` ascending): the page's whole keyset position as one index range, so a page
 * after a row among many sharing its first key (a batch's creation time) starts at the row, not at the first
 * key's value. Only when every key goes one way and none may hold null; else null (the conditions alone hold).
 */
export function rowValueBound(
  model: AnyModel,
  keys: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[],
  row: Readonly<Record<string, unknown>>,
): WhereOptions | null {
  const direction = keys[0]?.direction;
  if (!model.sequelize || !keys.every((key) => key.direction === direction && !isNullable(model, key.field)))
    return null;
  // A row value on both sides: `fn('')` draws a bare parenthesised list (SQLite has no ROW keyword), and the
  // values go through the query generator like any other where value, never pasted into SQL text by hand.
  const row_ = (items: unknown[]) => fn('', ...items);
  const columns = keys.map((key) => col(model.getAttributes()[key.field]?.field ?? key.field));
  const values = keys.map((key) => value(model, key.field, row[key.field]));
  return where(row_(columns), direction === 'asc' ? Op.gt : Op.lt, row_(values));
}

/** Stored rows back to domain records: dates become ISO strings. */
export function toRecord<T>(row: Model): T {
  const plain = row.get({ plain: true }) as Record<string, unknown>;
  for (const [key, item] of Object.entries(plain)) {
    if (item instanceof Date) plain[key] = item.toISOString();
  }
  return plain as T;
}
