import type sqlite3 from 'sqlite3';

type Callback = (this: unknown, error: Error | null, ...results: unknown[]) => void;
type Runner = (...args: unknown[]) => unknown;

interface Prepared {
  readonly statement: sqlite3.Statement;
  /** Settles once prepared: with the error when preparing failed. */
  readonly ready: Promise<Error | null>;
  prepared: boolean;
}

/**
 * What a connection keeps at the most, the least recently used statement finalized first: a count, and the length of
 * their SQL, which stands for the memory SQLite holds for them (a 1000-row insert is about 100 KB of text and a
 * program of a megabyte or so; batches of many sizes would otherwise keep one each).
 */
const KEPT_STATEMENTS = 64;
const KEPT_SQL_CHARACTERS = 1_000_000;

/**
 * Makes a connection's `run` and `all` go through statements prepared once per SQL text. The driver otherwise
 * prepares every statement afresh: a parse in the thread pool and a return to the main thread before it runs, which
 * on the writer connection held the write lock for an extra hop per statement (BEGIN, the batch insert, COMMIT) and
 * re-parsed the batch insert's 1000-row text every time. A statement that failed is dropped, so the next call
 * prepares afresh. `finalizeAll` must run before the connection closes (SQLite refuses to close with statements open).
 */
export function keepPreparedStatements(connection: sqlite3.Database): { finalizeAll(): Promise<void> } {
  const kept = new Map<string, Prepared>();
  let keptCharacters = 0;
  const drop = (sql: string, prepared: Prepared) => {
    if (kept.get(sql) === prepared) {
      kept.delete(sql);
      keptCharacters -= sql.length;
    }
    prepared.statement.finalize();
  };
  const prepare = (sql: string): Prepared => {
    let settle: (failure: Error | null) => void = () => {};
    const ready = new Promise<Error | null>((resolve) => {
      settle = resolve;
    });
    // With a callback a failed prepare is reported there, not emitted as an unhandled 'error'.
    const statement = connection.prepare(sql, (error: Error | null) => {
      entry.prepared = !error;
      settle(error);
    });
    const entry: Prepared = { statement, ready, prepared: false };
    return entry;
  };
  const through = (method: 'run' | 'all', original: Runner): Runner =>
    function (this: unknown, ...args) {
      const [sql, parameters, callback] = args;
      if (
        typeof sql !== 'string' ||
        typeof parameters !== 'object' ||
        parameters === null ||
        typeof callback !== 'function'
      )
        return Reflect.apply(original, this, args);
      let entry = kept.get(sql);
      if (entry === undefined) {
        entry = prepare(sql);
        kept.set(sql, entry);
        keptCharacters += sql.length;
        while (kept.size > 1 && (kept.size > KEPT_STATEMENTS || keptCharacters > KEPT_SQL_CHARACTERS)) {
          const [oldest, stale] = kept.entries().next().value as [string, Prepared];
          drop(oldest, stale);
        }
      } else {
        kept.delete(sql);
        kept.set(sql, entry);
      }
      const used = entry;
      const done = callback as Callback;
      const execute = () =>
        (used.statement[method] as (parameters: unknown, callback: Callback) => unknown)(
          parameters,
          function (error, ...results) {
            if (error) drop(sql, used);
            done.call(this, error, ...results);
          },
        );
      // Prepared already: run now. Otherwise once prepared (a failed prepare answers every call waiting on it).
      if (used.prepared) execute();
      else
        void used.ready.then((failure) => {
          if (!failure) return execute();
          drop(sql, used);
          done.call(used.statement, failure);
        });
      return connection;
    };
  const target = connection as unknown as Record<'run' | 'all', Runner>;
  target.run = through('run', target.run.bind(connection));
  target.all = through('all', target.all.bind(connection));
  return {
    async finalizeAll() {
      const entries = [...kept.values()];
      kept.clear();
      keptCharacters = 0;
      await Promise.all(entries.map(({ statement }) => new Promise<void>((done) => statement.finalize(() => done()))));
    },
  };
}
