import { ConnectionError, TimeoutError, type Sequelize } from 'sequelize';
import { Unavailable } from '../../../domain/errors.ts';

/** How long a client is asked to wait before retrying when the database cannot be reached. */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/**
 * Failures that say the database cannot serve right now, as opposed to a bad statement: socket errors, PostgreSQL's
 * connection-exception class (08), shutdown/start-up (57P01–57P03), too many connections (53300), and SQLite's lock,
 * open and I/O errors.
 */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_FULL',
]);

/** Drivers that report an outage only in words: pg's lost connections, Sequelize's closed pool, sqlite3's closed handle. */
const OUTAGE_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /Client was closed and is not queryable/,
  /ConnectionManager\.getConnection was called after the connection manager was closed/,
  /^SQLITE_MISUSE: Database (is )?closed/i,
];

/** Whether an error (or one it wraps) means the database is out of reach rather than the request wrong. */
export function isOutage(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof Unavailable || error instanceof ConnectionError || error instanceof TimeoutError) return true;
  const { code, message, original, parent, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    original?: unknown;
    parent?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const inner = [original, parent, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((nested) => nested !== error && isOutage(nested, depth + 1));
}

/** The error to raise for a database failure: `Unavailable` (503 with Retry-After) for an outage, else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof Unavailable || !isOutage(error)) return error;
  return new Unavailable('The database is unavailable; retry shortly', OUTAGE_RETRY_AFTER_SECONDS);
}

/** Runs `work`, raising an outage as `Unavailable`. */
export async function guardOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUnavailable(error);
  }
}

/**
 * The one door every store, the unit of work and the queue pass through on their way to the database: every
 * statement (`sequelize.query`, which models, raw queries, BEGIN and COMMIT use) and every connection taken from the
 * pool (transactions take theirs directly). An outage leaves them as `Unavailable`; the pool reconnects by itself,
 * so service resumes without a restart once the database is back.
 */
export function guardOutages(sequelize: Sequelize): void {
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  (sequelize as unknown as { query: typeof query }).query = (...args) => guardOutage(() => query(...args));
  const manager = sequelize.connectionManager as unknown as { getConnection(options?: unknown): Promise<unknown> };
  const getConnection = manager.getConnection.bind(manager);
  manager.getConnection = (options) => guardOutage(() => getConnection(options));
}
