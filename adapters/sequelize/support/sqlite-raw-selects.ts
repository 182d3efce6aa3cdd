import type { Sequelize } from 'sequelize';

interface SqliteQuery {
  options?: { raw?: boolean; tableNames?: readonly string[] };
  run(sql: string, parameters: unknown): Promise<unknown>;
}

const patched = new WeakSet<object>();

/**
 * Sequelize's SQLite queries read `PRAGMA table_info` of their table before every SELECT of a model (one more
 * statement each), to parse columns into model instances. Raw reads, which the stores use and decode with their own
 * codec, never look at it: this leaves the statement out for them. The query class is shared by every SQLite
 * Sequelize, so it is patched once.
 */
export function skipTableInfoOnRawSelects(sequelize: Sequelize): void {
  const { dialect } = sequelize as unknown as { dialect: { Query: { prototype: SqliteQuery } } };
  const query = dialect.Query.prototype;
  if (patched.has(query)) return;
  patched.add(query);
  const run = query.run;
  query.run = function (this: SqliteQuery, sql, parameters) {
    if (this.options?.raw) this.options = { ...this.options, tableNames: [] };
    return run.call(this, sql, parameters);
  };
}
