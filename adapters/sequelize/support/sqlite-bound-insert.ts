import type { Model, ModelStatic } from 'sequelize';
import { type ModelColumn, modelColumns, sqliteValue } from './column-values.ts';
import { sharedColumns } from './shared-columns.ts';

export interface SqliteRunner {
  run(
    sql: string,
    parameters: readonly unknown[],
    callback: (this: { readonly changes: number }, error: Error | null) => void,
  ): void;
}

/** Rows per statement: 1000 rows of a wide table stay well under SQLite's 32,766 bound variables. */
const SQLITE_ROWS_PER_STATEMENT = 1000;

/**
 * SQLite's hot path for a batch: `INSERT OR IGNORE … VALUES (…), …` run on a connection through the driver (a
 * transaction's, or one of its own for a single statement). A column holding one value in every row of the chunk (the organization, the
 * creation time, a null) is bound once as a numbered parameter every row names (`?1`); the others are bound per row.
 * Binding is the driver's main-thread cost, per value: a batch of spans shares about half its columns, so this
 * halves it. The JSON-parameter form made SQLite re-parse each row's JSON once per column while holding the write
 * lock. The statements come from `encodeSqliteInsert`, which may run before the transaction. Answers the rows written
 * (ignored ones not counted).
 */
export async function sqliteBoundInsert(
  statements: readonly SqliteInsertStatement[],
  connection: SqliteRunner,
): Promise<number> {
  let written = 0;
  for (const { sql, values } of statements)
    written += await new Promise<number>((resolve, reject) =>
      connection.run(sql, values, function (error) {
        if (error) reject(error);
        else resolve(this.changes);
      }),
    );
  return written;
}

export interface SqliteInsertStatement {
  readonly sql: string;
  readonly values: readonly unknown[];
}

/** The batch as insert statements of at most SQLITE_ROWS_PER_STATEMENT rows, with their bound values. */
export function encodeSqliteInsert(model: ModelStatic<Model>, records: readonly object[]): SqliteInsertStatement[] {
  const columns = modelColumns(model);
  const table = model.getTableName() as string;
  const statements: SqliteInsertStatement[] = [];
  for (let start = 0; start < records.length; start += SQLITE_ROWS_PER_STATEMENT) {
    const chunk = records.slice(start, start + SQLITE_ROWS_PER_STATEMENT) as readonly Record<string, unknown>[];
    // Compared as domain values (a JSON column's objects are never one object, so never shared; its nulls are).
    const shared = sharedColumns(chunk, columns.length, (record, index) => record[columns[index].field]);
    const values: unknown[] = [];
    for (let index = 0; index < columns.length; index++)
      if (shared[index]) values.push(sqliteValue(columns[index].kind, chunk[0][columns[index].field]));
    for (const record of chunk)
      for (let index = 0; index < columns.length; index++)
        if (!shared[index]) values.push(sqliteValue(columns[index].kind, record[columns[index].field]));
    statements.push({ sql: insertStatement(table, columns, chunk.length, shared), values });
  }
  return statements;
}

/** Statement texts by shape (table, row count, shared columns): a batch's statement is some 50 KB to build. */
const statements = new Map<string, string>();
const STATEMENTS_KEPT = 64;

function insertStatement(table: string, columns: readonly ModelColumn[], rows: number, shared: boolean[]): string {
  const key = `${table}:${rows}:${shared.map(Number).join('')}`;
  let sql = statements.get(key);
  if (sql === undefined) {
    let parameter = 0;
    const sharedParameter = shared.map((isShared) => (isShared ? ++parameter : 0));
    const row = () => `(${columns.map((_, index) => `?${sharedParameter[index] || ++parameter}`).join(', ')})`;
    const names = columns.map((column) => column.column).join(', ');
    sql = `INSERT OR IGNORE INTO ${table} (${names}) VALUES ${Array.from({ length: rows }, row).join(', ')}`;
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(key, sql);
  }
  return sql;
}
