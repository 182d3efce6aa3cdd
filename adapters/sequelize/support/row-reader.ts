import sqlite3 from 'sqlite3';
import type { Sequelize, Transaction } from 'sequelize';
import { guardOutage } from './outages.ts';
import { connectionOf } from './transaction-context.ts';

/** SQLite connections kept for reads beside Sequelize's: as many as libuv's default thread pool runs at once. */
const SQLITE_READERS = 4;

type Row = Record<string, unknown>;

/**
 * Plain SELECTs run on the driver itself, for the hot reads (a record by id, authentication). Sequelize's own path
 * costs more than the database on such queries: an extra `PRAGMA table_info` before every SQLite select, a stack
 * trace rendered per statement, deep copies of the options and a model instance per row. Parameters are `?`.
 * Inside a transaction the statement runs on the transaction's connection; otherwise SQLite reads take one of a few
 * read-only connections (WAL lets them read beside the writer, and each other), PostgreSQL reads a pooled one.
 */
export interface RowReader {
  select(sql: string, parameters: readonly unknown[], transaction?: Transaction): Promise<Row[]>;
  close(): Promise<void>;
}

interface SqliteHandle {
  all(sql: string, parameters: readonly unknown[], callback: (error: Error | null, rows: Row[]) => void): void;
}

interface PgHandle {
  query(statement: { name?: string; text: string; values: readonly unknown[] }): Promise<{ rows: Row[] }>;
}

const all = (connection: SqliteHandle, sql: string, parameters: readonly unknown[]) =>
  new Promise<Row[]>((resolve, reject) =>
    connection.all(sql, parameters, (error, rows) => (error ? reject(error) : resolve(rows))),
  );

interface SqliteReader {
  readonly connection: sqlite3.Database;
  /** Statements prepared once per connection: preparing costs more than running a look-up by key. */
  readonly statements: Map<string, sqlite3.Statement>;
  busy: number;
}

function allPrepared(reader: SqliteReader, sql: string, parameters: readonly unknown[]): Promise<Row[]> {
  let statement = reader.statements.get(sql);
  if (statement === undefined) {
    statement = reader.connection.prepare(sql);
    reader.statements.set(sql, statement);
  }
  const prepared = statement;
  return new Promise<Row[]>((resolve, reject) =>
    prepared.all(parameters, (error: Error | null, rows: Row[]) => {
      if (!error) return resolve(rows);
      // A statement that failed (to prepare, or under a lock) is not kept: the next call prepares afresh.
      if (reader.statements.get(sql) === prepared) reader.statements.delete(sql);
      prepared.finalize();
      reject(error);
    }),
  );
}

/**
 * SQLite: transaction → its connection; a file → the least busy of the read-only connections, with its prepared
 * statements; `:memory:` → Sequelize's own connection (another would open another database).
 */
export function sqliteRowReader(sequelize: Sequelize, storage: string, busyTimeoutMs: number): RowReader {
  const readers: SqliteReader[] = [];
  let opening: Promise<void> | null = null;
  const open = () =>
    (opening ??= (async () => {
      for (let index = 0; index < SQLITE_READERS; index++) {
        const connection = await new Promise<sqlite3.Database>((resolve, reject) => {
          const opened: sqlite3.Database = new sqlite3.Database(storage, sqlite3.OPEN_READWRITE, (error) =>
            error ? reject(error) : resolve(opened),
          );
        });
        connection.configure('busyTimeout', busyTimeoutMs);
        await new Promise<void>((resolve, reject) =>
          connection.exec('PRAGMA query_only = 1', (error) => (error ? reject(error) : resolve())),
        );
        readers.push({ connection, statements: new Map(), busy: 0 });
      }
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    }));
  const shared = storage === ':memory:';
  return {
    select(sql, parameters, transaction) {
      return guardOutage(async () => {
        const inTransaction = connectionOf<SqliteHandle>(transaction);
        if (inTransaction) return all(inTransaction, sql, parameters);
        if (shared) {
          const connection = (await sequelize.connectionManager.getConnection({ type: 'read' })) as SqliteHandle;
          return all(connection, sql, parameters);
        }
        await open();
        const reader = readers.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least));
        reader.busy++;
        try {
          return await allPrepared(reader, sql, parameters);
        } finally {
          reader.busy--;
        }
      });
    },
    async close() {
      await opening?.catch(() => undefined);
      await Promise.all(
        readers.splice(0).map(async ({ connection, statements }) => {
          await Promise.all(
            [...statements.values()].map((statement) => new Promise((done) => statement.finalize(done))),
          );
          await new Promise((resolve) => connection.close(resolve));
        }),
      );
      opening = null;
    },
  };
}

/** How a statement over a list bound as one JSON parameter reads it (see `idsIn`). */
const JSON_LIST = 'json_array_elements_text(';

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/**
 * PostgreSQL: transaction → its connection; otherwise one from Sequelize's pool, released at once. Each statement
 * text is a named prepared statement, so a connection parses and plans it once, not on every request.
 */
export function postgresRowReader(sequelize: Sequelize): RowReader {
  const prepared = new Map<string, { name: string; text: string }>();
  const statementOf = (sql: string) => {
    let statement = prepared.get(sql);
    if (statement === undefined) {
      statement = { name: `assay_read_${prepared.size + 1}`, text: numbered(sql) };
      prepared.set(sql, statement);
    }
    return statement;
  };
  // A statement over a bound JSON list runs unnamed, planned for the list and the table as they are now: a named
  // one falls back to a generic plan after five runs, and one made while the table was small scans the whole table
  // once it has grown (a re-sent-id look-up took 300 ms at 200,000 spans until the next ANALYZE).
  const run = (connection: PgHandle, sql: string, values: readonly unknown[]) =>
    (sql.includes(JSON_LIST)
      ? connection.query({ text: numbered(sql), values })
      : connection.query({ ...statementOf(sql), values })
    ).then((result) => result.rows);
  return {
    select(sql, parameters, transaction) {
      return guardOutage(async () => {
        const inTransaction = connectionOf<PgHandle>(transaction);
        if (inTransaction) return run(inTransaction, sql, parameters);
        const manager = sequelize.connectionManager;
        const connection = (await manager.getConnection({ type: 'read' })) as unknown as PgHandle;
        try {
          return await run(connection, sql, parameters);
        } finally {
          manager.releaseConnection(connection as never);
        }
      });
    },
    async close() {},
  };
}
