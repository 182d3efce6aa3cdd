import { Sequelize } from 'sequelize';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly sequelize: Sequelize;
  readonly dialect: Dialect;
  /** Where the data lives, with any password removed: safe to log. */
  readonly description: string;
}

/** Opens `sqlite:<path>`, `sqlite::memory:` or a `postgres://` URL. */
export function openDatabase(url: string, options: { poolMax?: number } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const storage = url.slice('sqlite:'.length) || ':memory:';
    const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
    waitWhenBusy(sequelize);
    return { sequelize, dialect: 'sqlite', description: `sqlite:${storage}` };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const sequelize = new Sequelize(url, {
      dialect: 'postgres',
      logging: false,
      pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000 },
    });
    const safe = new URL(url);
    safe.password = '';
    return { sequelize, dialect: 'postgres', description: safe.toString() };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
}

/**
 * Sequelize opens one SQLite connection per transaction and sets no busy timeout, so a write that meets
 * another connection's lock would fail at once with SQLITE_BUSY; this makes every connection wait instead.
 */
function waitWhenBusy(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<SqliteConnection>;
  };
  const open = manager.getConnection.bind(manager);
  const configured = new WeakSet<SqliteConnection>();
  manager.getConnection = async (options?: unknown) => {
    const connection = await open(options);
    if (!configured.has(connection)) {
      connection.configure('busyTimeout', 30_000);
      configured.add(connection);
    }
    return connection;
  };
}

interface SqliteConnection {
  configure(option: 'busyTimeout', value: number): void;
}

/** Enables write-ahead logging on a SQLite file so readers never wait for the writer. */
export async function tuneDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'sqlite' || handle.description.endsWith(':memory:')) return;
  await handle.sequelize.query('PRAGMA journal_mode = WAL');
  await handle.sequelize.query('PRAGMA synchronous = NORMAL');
}
