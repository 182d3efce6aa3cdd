import type { Model, ModelStatic, Transaction } from 'sequelize';
import { modelColumns, sqliteValue } from './column-values.ts';
import type { Dialect } from './database.ts';

/** Rows of one model as one bound JSON parameter, and the SELECT that unpacks them into the model's columns. */
export interface JsonRows {
  /** The table's column list, in the order the SELECT yields them. */
  readonly names: string;
  /** `SELECT … FROM …` over the parameter `$<n>`: one row per record. */
  readonly select: string;
  /** The parameter's value. */
  readonly parameter: string;
}

/**
 * Records as rows that travel as one JSON array parameter, unpacked by the database (`json_populate_recordset` on
 * PostgreSQL, `json_each` over positional arrays on SQLite): no value is ever written into the statement text, and
 * the statement is the same whatever the batch size (binding every value instead would meet SQLite's variable limit at
 * about 1800 rows, and Sequelize's bind formatting grows badly with thousands of placeholders).
 */
export function jsonRows(
  model: ModelStatic<Model>,
  dialect: Dialect,
  records: readonly object[],
  placeholder = 1,
): JsonRows {
  const columns = modelColumns(model);
  const table = model.getTableName() as string;
  const names = columns.map((column) => column.column).join(', ');
  if (dialect === 'sqlite') {
    const rows = records.map((record) => {
      const source = record as Record<string, unknown>;
      return columns.map(({ field, kind }) => sqliteValue(kind, source[field]));
    });
    const extracts = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(', ');
    // `WHERE true`: SQLite needs it to tell an INSERT … SELECT's ON CONFLICT from a join's ON.
    return {
      names,
      select: `SELECT ${extracts} FROM json_each($${placeholder}) WHERE true`,
      parameter: JSON.stringify(rows),
    };
  }
  const rows = records.map((record) => {
    const source = record as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const { field, column } of columns) row[column] = source[field] ?? null;
    return row;
  });
  return {
    names,
    select: `SELECT ${names} FROM json_populate_recordset(NULL::${table}, $${placeholder}::json)`,
    parameter: JSON.stringify(rows),
  };
}

/** `IN (…)` over a list bound as one JSON array parameter `$<n>`: the list's values never enter the statement text. */
export function inJsonList(dialect: Dialect, placeholder: number): string {
  return dialect === 'sqlite'
    ? `IN (SELECT value FROM json_each($${placeholder}))`
    : `IN (SELECT json_array_elements_text($${placeholder}::json))`;
}

/** Inserts many rows with one statement and one parameter (see `jsonRows`); with `ignoreExisting`, rows whose key exists are skipped. */
export async function jsonBulkInsert(
  model: ModelStatic<Model>,
  dialect: Dialect,
  records: readonly object[],
  options: { ignoreExisting: boolean; transaction: Transaction | undefined },
): Promise<void> {
  const table = model.getTableName() as string;
  const rows = jsonRows(model, dialect, records);
  const sql =
    dialect === 'sqlite'
      ? `INSERT ${options.ignoreExisting ? 'OR IGNORE ' : ''}INTO ${table} (${rows.names}) ${rows.select}`
      : `INSERT INTO ${table} (${rows.names}) ${rows.select}${options.ignoreExisting ? ' ON CONFLICT DO NOTHING' : ''}`;
  await model.sequelize!.query(sql, { bind: [rows.parameter], transaction: options.transaction });
}
