import { type Model, type ModelStatic, QueryTypes, type Transaction } from 'sequelize';
import { boundValue, type ModelColumn, modelColumns } from './column-values.ts';
import type { Dialect } from './database.ts';

/**
 * `UPDATE … SET` every field the record has (an undefined one is left as stored), each value bound, on the rows
 * where every field of `guard` holds (a null one as `IS NULL`); answers how many rows changed. Written here rather
 * than through `Model.update`, which deep-copies its options, builds and validates an instance and formats each
 * value: more work than the statement gives the database.
 */
export async function boundUpdate(
  model: ModelStatic<Model>,
  dialect: Dialect,
  record: object,
  guard: Record<string, unknown>,
  transaction: Transaction | undefined,
): Promise<number> {
  const columns = modelColumns(model);
  const values: unknown[] = [];
  const bind = (column: ModelColumn, value: unknown) => {
    values.push(boundValue(dialect, column.kind, value));
    return `"${column.column}" = $${values.length}`;
  };
  const source = record as Record<string, unknown>;
  const sets = columns
    .filter((column) => source[column.field] !== undefined)
    .map((column) => bind(column, source[column.field]));
  const conditions = Object.entries(guard).map(([field, value]) => {
    const column = columns.find((candidate) => candidate.field === field);
    if (column === undefined) throw new Error(`${model.name} has no field ${field}`);
    return value === null || value === undefined ? `"${column.column}" IS NULL` : bind(column, value);
  });
  const table = model.getTableName() as string;
  const sql = `UPDATE "${table}" SET ${sets.join(', ')} WHERE ${conditions.join(' AND ')}`;
  return model.sequelize!.query(sql, { bind: values, type: QueryTypes.BULKUPDATE, transaction });
}
