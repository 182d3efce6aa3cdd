import { DataTypes, type Model, type ModelStatic, type Transaction } from 'sequelize';
import type { Dialect } from './database.ts';

type Kind = 'json' | 'date' | 'boolean' | 'plain';

interface Column {
  readonly field: string;
  readonly column: string;
  readonly kind: Kind;
}

function columnsOf(model: ModelStatic<Model>): Column[] {
  return Object.entries(model.getAttributes()).map(([field, attribute]) => {
    const type = attribute.type;
    const kind: Kind =
      type instanceof DataTypes.JSON
        ? 'json'
        : type instanceof DataTypes.DATE
          ? 'date'
          : type instanceof DataTypes.BOOLEAN
            ? 'boolean'
            : 'plain';
    return { field, column: attribute.field ?? field, kind };
  });
}

/** SQLite keeps dates as Sequelize writes them (`YYYY-MM-DD HH:mm:ss.SSS +00:00`) so comparisons and reads agree. */
function sqliteDate(iso: string): string {
  const canonical = iso.length === 24 && iso[10] === 'T' && iso[23] === 'Z' ? iso : new Date(iso).toISOString();
  return `${canonical.slice(0, 10)} ${canonical.slice(11, 23)} +00:00`;
}

function sqliteValue(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'date') return sqliteDate(value as string);
  if (kind === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * Inserts many rows with one statement and one parameter, whatever the batch size and without per-row model
 * instances: the rows travel as one JSON array unpacked by the database (`json_populate_recordset` on PostgreSQL,
 * `json_each` over positional arrays on SQLite). Binding every value instead would meet SQLite's variable limit
 * at about 1800 spans, and Sequelize's bind formatting grows badly with thousands of placeholders.
 * With `ignoreExisting`, rows whose key exists are skipped.
 */
export async function jsonBulkInsert(
  model: ModelStatic<Model>,
  dialect: Dialect,
  records: readonly object[],
  options: { ignoreExisting: boolean; transaction: Transaction | undefined },
): Promise<void> {
  const columns = columnsOf(model);
  const table = model.getTableName() as string;
  const names = columns.map((column) => column.column).join(', ');
  const sqlite = dialect === 'sqlite';
  const rows = records.map((record) => {
    const source = record as Record<string, unknown>;
    if (sqlite) return columns.map(({ field, kind }) => sqliteValue(kind, source[field]));
    const row: Record<string, unknown> = {};
    for (const { field, column } of columns) row[column] = source[field] ?? null;
    return row;
  });
  const insert = sqlite
    ? `INSERT ${options.ignoreExisting ? 'OR IGNORE ' : ''}INTO ${table} (${names})`
    : `INSERT INTO ${table} (${names})`;
  const sql = sqlite
    ? `${insert} SELECT ${columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(', ')} FROM json_each($1)`
    : `${insert} SELECT ${names} FROM json_populate_recordset(NULL::${table}, $1::json)${options.ignoreExisting ? ' ON CONFLICT DO NOTHING' : ''}`;
  await model.sequelize!.query(sql, { bind: [JSON.stringify(rows)], transaction: options.transaction });
}

interface SqliteRunner {
  run(sql: string, parameters: readonly unknown[], callback: (error: Error | null) => void): void;
}

/** Rows per statement: 1000 rows of a wide table stay well under SQLite's 32,766 bound variables. */
const SQLITE_ROWS_PER_STATEMENT = 1000;

/**
 * SQLite's hot path for a batch inside a transaction: `INSERT OR IGNORE … VALUES (?, …), …` run on the
 * transaction's own connection through the driver, every value bound. The JSON-parameter form made SQLite re-parse
 * each row's JSON once per column (`json_extract` on every field) while holding the write lock; binding avoids that
 * and Sequelize's per-placeholder formatting. Returns false when there is no transaction connection to run on.
 */
export async function sqliteBoundInsert(
  model: ModelStatic<Model>,
  records: readonly object[],
  transaction: Transaction | undefined,
): Promise<boolean> {
  const connection = (transaction as unknown as { connection?: SqliteRunner } | undefined)?.connection;
  if (!connection) return false;
  const columns = columnsOf(model);
  const table = model.getTableName() as string;
  const row = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < records.length; start += SQLITE_ROWS_PER_STATEMENT) {
    const chunk = records.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
    const values: unknown[] = [];
    for (const record of chunk) {
      const source = record as Record<string, unknown>;
      for (const { field, kind } of columns) values.push(sqliteValue(kind, source[field]));
    }
    const sql = `INSERT OR IGNORE INTO ${table} (${columns.map((column) => column.column).join(', ')}) VALUES ${Array.from(chunk, () => row).join(', ')}`;
    await new Promise<void>((resolve, reject) =>
      connection.run(sql, values, (error) => (error ? reject(error) : resolve())),
    );
  }
  return true;
}
