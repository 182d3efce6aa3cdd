import pg from 'pg';
import sqlite3 from 'sqlite3';

// The driver side's table: a copy of the migrated `spans` table, with every column, key and index it has.

/** The copy's name; it starts empty, as the `spans` table does when the HTTP phase begins. */
export const DRIVER_TABLE = 'spans_driver';

/** Creates the copy on PostgreSQL (LIKE … INCLUDING ALL: columns, defaults, primary key, every index) and lists its columns. */
export async function copyPostgresSpans(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE ${DRIVER_TABLE} (LIKE spans INCLUDING ALL)`);
    const { rows } = await client.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
      [DRIVER_TABLE],
    );
    return rows.map((row) => row.column_name);
  } finally {
    await client.end();
  }
}

type Statement = { readonly type: string; readonly name: string; readonly sql: string };

/** The same on SQLite: the table's and its indexes' DDL from `sqlite_master`, renamed. */
export async function copySqliteSpans(file: string): Promise<string[]> {
  const database = new sqlite3.Database(file);
  const all = <T>(sql: string) =>
    new Promise<T[]>((resolve, reject) =>
      database.all(sql, (error, rows) => (error ? reject(error) : resolve(rows as T[]))),
    );
  const run = (sql: string) =>
    new Promise<void>((resolve, reject) => database.run(sql, (error) => (error ? reject(error) : resolve())));
  try {
    const ddl = await all<Statement>(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'spans' AND sql IS NOT NULL ORDER BY type DESC",
    );
    const table = ddl.find((each) => each.type === 'table');
    if (!table) throw new Error('no spans table to copy');
    await run(table.sql.replace(/^CREATE TABLE [`"]?spans[`"]?/, `CREATE TABLE ${DRIVER_TABLE}`));
    for (const index of ddl.filter((each) => each.type === 'index'))
      await run(
        index.sql
          .replace(/^CREATE (UNIQUE )?INDEX [`"]?([\w]+)[`"]?/, `CREATE $1INDEX ${DRIVER_TABLE}_$2`)
          .replace(/ ON [`"]?spans[`"]? ?\(/, ` ON ${DRIVER_TABLE} (`),
      );
    const copied = await all<Statement>(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = '${DRIVER_TABLE}'`);
    if (copied.length !== (await all(`SELECT name FROM sqlite_master WHERE tbl_name = 'spans'`)).length)
      throw new Error('the copy of spans lacks an index');
    return (await all<{ name: string }>(`PRAGMA table_info(${DRIVER_TABLE})`)).map((column) => column.name);
  } finally {
    await new Promise<void>((resolve) => database.close(() => resolve()));
  }
}
