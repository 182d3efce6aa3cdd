import { DataTypes, Op, type ModelStatic, type Model, type WhereOptions, type Order } from 'sequelize';
import type { Condition, SortKey } from '../../../application/ports/list-query.ts';
import type { Dialect } from './database.ts';

type AnyModel = ModelStatic<Model>;

function isDateField(model: AnyModel, field: string): boolean {
  const attribute = model.getAttributes()[field];
  if (!attribute) throw new Error(`${model.name} has no field ${field}`);
  return attribute.type instanceof DataTypes.DATE;
}

/** Dates are ISO strings in the domain; the dialect formats them only when handed Date objects. */
function value(model: AnyModel, field: string, raw: unknown): unknown {
  return isDateField(model, field) && typeof raw === 'string' ? new Date(raw) : raw;
}

/** Translates port conditions into a Sequelize where clause; every condition must hold. */
export function toWhere(model: AnyModel, dialect: Dialect, conditions: readonly Condition[]): WhereOptions {
  const clauses = conditions.map((condition): WhereOptions => {
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
        return { [field]: { [dialect === 'postgres' ? Op.iLike : Op.like]: `%${String(condition.value)}%` } };
      case 'isNull':
        return { [field]: { [Op.is]: null } };
      case 'notNull':
        return { [field]: { [Op.not]: null } };
    }
  });
  return { [Op.and]: clauses };
}

/** Sort keys, then the id in the last key's direction so pages are stable. */
export function toOrder(sort: readonly SortKey[]): Order {
  const last = sort.at(-1)?.direction ?? 'desc';
  const keys = sort.some((key) => key.field === 'id') ? sort : [...sort, { field: 'id', direction: last }];
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
