import { type Model, type ModelStatic, QueryTypes, type Transaction } from 'sequelize';
import { boundValue, columnsOf, type ModelColumn } from './column-values.ts';
import type { Dialect } from './database.ts';

const columnsByModel = new WeakMap<ModelStatic<Model>, Map<string, ModelColumn>>();

function columnMap(model: ModelStatic<Model>): Map<string, ModelColumn> {
  let columns = columnsByModel.get(model);
  if (columns === undefined) {
    columns = new Map(columnsOf(model).map((column) => [column.field, column]));
    columnsByModel.set(model, columns);
  }
  return columns;
}

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
  const columns = columnMap(model);
  const values: unknown[] = [];
  const bind = (column: ModelColumn, value: unknown) => {
    values.push(boundValue(dialect, column.kind, value));
    return `"${column.column}" = $${values.length}`;
  };
  const sets: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    const column = columns.get(field);
    if (column !== undefined && value !== undefined) sets.push(bind(column, value));
  }
  const conditions = Object.entries(guard).map(([field, value]) => {
    const column = columns.get(field);
    if (column === undefined) throw new Error(`${model.name} has no field ${field}`);
    return value === null || value === undefined ? `"${column.column}" IS NULL` : bind(column, value);
  });
  const table = model.getTableName() as string;
  const sql = `UPDATE "${table}" SET ${sets.join(', ')} WHERE ${conditions.join(' AND ')}`;
  return model.sequelize!.query(sql, { bind: values, type: QueryTypes.BULKUPDATE, transaction });
}
