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

/** Sort keys, then the id in the last key's direction so pages are stable. */
export function toOrder<T extends { readonly id: string }>(sort: readonly SortKey<T>[]): Order {
  const last = sort.at(-1)?.direction ?? 'desc';
  const keys: readonly SortKey<T>[] = sort.some((key) => key.field === 'id')
    ? sort
    : [...sort, { field: 'id', direction: last }];
  return keys.map((key) => [key.field, key.direction.toUpperCase()]);
}

/** Stored rows back to domain records: dates become ISO strings. */
export function toRecord<T>(row: Model): T {
  const plain = row.get({ plain: true }) as Record<string, unknown>;
  for (const [key, item] of Object.entries(plain)) {
    if (item instanceof Date) plain[key] = item.toISOString();
  }
  return plain as T;
}
