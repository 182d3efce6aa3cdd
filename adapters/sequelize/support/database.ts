import { Sequelize } from 'sequelize';
import type sqlite3 from 'sqlite3';
import { guardOutages } from './outages.ts';
import { skipTableInfoOnRawSelects } from './sqlite-raw-selects.ts';
import { keepPreparedStatements } from './sqlite-statement-cache.ts';
import { postgresRowReader, sqliteRowReader, type RowReader } from './row-reader.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly sequelize: Sequelize;
  readonly dialect: Dialect;
  /** Where the data lives, with any password removed: safe to log. */
  readonly description: string;
  /** The light path for hot reads; closed with `sequelize.close()`. */
  readonly rows: RowReader;
}

export interface DatabaseOptions {
  /** PostgreSQL: connections per process. */
  readonly poolMax?: number;
  /** SQLite: how long a statement waits for another process's lock before the database counts as unavailable. */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens `sqlite:<path>`, `sqlite::memory:` or a `postgres://` URL. Connection failures surface as `Unavailable`
 * (outages.ts); a connection that cannot be had within a few seconds counts as one, rather than hanging the request.
 */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const storage = url.slice('sqlite:'.length) || ':memory:';
    // No retries: Sequelize would repeat a busy statement five times, multiplying the busy timeout.
    const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false, retry: { max: 1 } });
    skipTableInfoOnRawSelects(sequelize);
    const busyTimeoutMs = options.busyTimeoutMs ?? 30_000;
    waitWhenBusy(sequelize, busyTimeoutMs);
    if (storage !== ':memory:') keepWriterConnection(sequelize);
    guardOutages(sequelize);
    const rows = closedWith(sequelize, sqliteRowReader(sequelize, storage, busyTimeoutMs));
    return { sequelize, dialect: 'sqlite', description: `sqlite:${storage}`, rows };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const sequelize = new Sequelize(url, {
      dialect: 'postgres',
      logging: false,
      pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000, acquire: 10_000 },
      dialectOptions: { connectionTimeoutMillis: 5_000, keepAlive: true },
    });
    guardOutages(sequelize);
    const safe = new URL(url);
    safe.password = '';
    return { sequelize, dialect: 'postgres', description: safe.toString(), rows: postgresRowReader(sequelize) };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
}

/** Closing the database closes the reader's own connections first, whoever closes it. */
function closedWith(sequelize: Sequelize, reader: RowReader): RowReader {
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    await reader.close();
    return close();
  };
  return reader;
}

/**
 * Sequelize opens one SQLite connection per transaction and sets no busy timeout, so a write that meets
 * another connection's lock would fail at once with SQLITE_BUSY; this makes every connection wait instead.
 */
function waitWhenBusy(sequelize: Sequelize, busyTimeoutMs: number): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<SqliteConnection>;
  };
  const open = manager.getConnection.bind(manager);
  const configured = new WeakSet<SqliteConnection>();
  manager.getConnection = async (options?: unknown) => {
    const connection = await open(options);
    if (!configured.has(connection)) {
      connection.configure('busyTimeout', busyTimeoutMs);
      configured.add(connection);
    }
    return connection;
  };
}

interface SqliteConnection {
  configure(option: 'busyTimeout', value: number): void;
  run(sql: string, callback?: (error: Error | null) => void): void;
  uuid?: string;
}

/**
 * Sequelize opens a new SQLite connection for every transaction and closes it at the end: each write transaction
 * paid for opening the file, mapping the WAL index and re-reading the schema, and ran with SQLite's default
 * `synchronous = FULL` (an fsync per commit) since that setting is per connection. Transactions now take one kept
 * writer connection (`synchronous = NORMAL`, as `tuneDatabase` sets on the default one) when it is free — the unit
 * of work runs SQLite transactions one at a time — and only a transaction opened beside it gets a fresh connection.
 */
function keepWriterConnection(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: { uuid?: string }): Promise<SqliteConnection>;
    releaseConnection(connection: SqliteConnection, force?: boolean): Promise<void> | void;
    connections: Record<string, SqliteConnection>;
  };
  const open = manager.getConnection.bind(manager);
  const release = manager.releaseConnection.bind(manager);
  let writer: SqliteConnection | null = null;
  let statements: { finalizeAll(): Promise<void> } | null = null;
  let busy = false;
  const normalSync = (connection: SqliteConnection) =>
    new Promise<void>((resolve, reject) =>
      connection.run('PRAGMA synchronous = NORMAL', (error) => (error ? reject(error) : resolve())),
    );
  manager.getConnection = async (options) => {
    const uuid = options?.uuid;
    if (uuid === undefined || uuid === 'default' || busy) return open(options);
    busy = true;
    try {
      if (writer === null) {
        const connection = await open({ ...options, uuid: 'assay-writer' });
        await normalSync(connection);
        statements = keepPreparedStatements(connection as unknown as sqlite3.Database);
        writer = connection;
      }
      return writer;
    } catch (error) {
      busy = false;
      throw error;
    }
  };
  manager.releaseConnection = (connection, force) => {
    if (connection !== writer) return release(connection, force);
    busy = false;
    return undefined;
  };
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    const kept = writer;
    writer = null;
    await statements?.finalizeAll();
    statements = null;
    if (kept)
      await new Promise<void>((resolve) =>
        (kept as unknown as { close(done: () => void): void }).close(() => resolve()),
      );
    if (manager.connections['assay-writer']) delete manager.connections['assay-writer'];
    return close();
  };
}

/** Enables write-ahead logging on a SQLite file so readers never wait for the writer. */
export async function tuneDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'sqlite' || handle.description.endsWith(':memory:')) return;
  await handle.sequelize.query('PRAGMA journal_mode = WAL');
  await handle.sequelize.query('PRAGMA synchronous = NORMAL');
}

/**
 * SQLite chooses among a table's indexes by its statistics (sqlite_stat1), which nothing gathers unless asked; without
 * them a filter on a few rows may walk the default order's index through a whole organization. `PRAGMA optimize`
 * gathers them where tables changed enough since (sampling at most `analysis_limit` rows an index: milliseconds).
 * PostgreSQL's autovacuum keeps its own.
 */
export async function refreshStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'sqlite' || handle.description.endsWith(':memory:')) return;
  await handle.sequelize.query('PRAGMA analysis_limit = 1000');
  await handle.sequelize.query('PRAGMA optimize = 0x10002');
}

/** How often a running process refreshes SQLite's statistics (refreshStatistics). */
export const STATISTICS_REFRESH_MS = 3_600_000;
