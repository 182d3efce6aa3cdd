import test from 'ava';
import sqlite3 from 'sqlite3';
import { keepPreparedStatements } from '../../adapters/sequelize/support/sqlite-statement-cache.ts';

/** A connection whose `run` and `all` go through kept statements, with promise helpers and a count of prepares. */
function connection() {
  const database = new sqlite3.Database(':memory:');
  let prepares = 0;
  const prepare = database.prepare.bind(database);
  database.prepare = ((...args: Parameters<typeof prepare>) => {
    prepares++;
    return prepare(...args);
  }) as typeof database.prepare;
  const statements = keepPreparedStatements(database);
  const run = (sql: string, parameters: unknown[] = []) =>
    new Promise<number>((resolve, reject) =>
      database.run(sql, parameters, function (this: sqlite3.RunResult, error: Error | null) {
        if (error) reject(error);
        else resolve(this.changes);
      }),
    );
  const all = (sql: string, parameters: unknown[] = []) =>
    new Promise<unknown[]>((resolve, reject) =>
      database.all(sql, parameters, (error: Error | null, rows: unknown[]) => (error ? reject(error) : resolve(rows))),
    );
  const close = async () => {
    await statements.finalizeAll();
    await new Promise<void>((resolve, reject) => database.close((error) => (error ? reject(error) : resolve())));
  };
  return { run, all, close, prepares: () => prepares };
}

test('a statement is prepared once and run many times, with its own parameters each time', async (t) => {
  const db = connection();
  await db.run('CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)');
  const before = db.prepares();
  for (let index = 0; index < 5; index++)
    t.is(await db.run('INSERT INTO t (b) VALUES (?), (?)', [`x${index}`, 'y']), 2);
  t.is(db.prepares() - before, 1);
  t.deepEqual(await db.all('SELECT b FROM t WHERE a IN (?, ?) ORDER BY a', [1, 9]), [{ b: 'x0' }, { b: 'x4' }]);
  await db.close();
});

test('a statement that fails to prepare answers with its error, every waiting call, and is prepared afresh next time', async (t) => {
  const db = connection();
  const calls = [db.run('SELEC nonsense'), db.run('SELEC nonsense')];
  for (const call of calls) await t.throwsAsync(call, { message: /syntax error/ });
  const before = db.prepares();
  await t.throwsAsync(db.run('SELEC nonsense'), { message: /syntax error/ });
  t.is(db.prepares() - before, 1);
  await db.close();
});

test('a statement whose run fails is dropped and the next call still works', async (t) => {
  const db = connection();
  await db.run('CREATE TABLE t (a INTEGER PRIMARY KEY)');
  await db.run('INSERT INTO t (a) VALUES (?)', [1]);
  await t.throwsAsync(db.run('INSERT INTO t (a) VALUES (?)', [1]), { message: /UNIQUE/ });
  t.is(await db.run('INSERT INTO t (a) VALUES (?)', [2]), 1);
  t.deepEqual(await db.all('SELECT count(*) AS n FROM t'), [{ n: 2 }]);
  await db.close();
});

test('at most 64 statements are kept: older ones are finalized, and the connection closes cleanly', async (t) => {
  const db = connection();
  for (let index = 0; index < 100; index++) await db.all(`SELECT ${index} AS n`);
  const before = db.prepares();
  await db.all('SELECT 99 AS n');
  await db.all('SELECT 0 AS n');
  t.is(db.prepares() - before, 1, 'the most recent is kept, the first was finalized');
  await t.notThrowsAsync(db.close());
});

test('long statements are kept up to about a million characters of SQL: batches of many sizes do not each keep one', async (t) => {
  const db = connection();
  const long = (size: number) =>
    `SELECT 1 AS one WHERE 1 IN (${Array.from({ length: size }, (_, index) => 100_000 + index).join(', ')})`;
  // Each statement is some 240,000 characters: at most four fit, so the first is finalized by the time the eighth runs.
  for (let size = 30_000; size < 30_008; size++) await db.all(long(size));
  const before = db.prepares();
  await db.all(long(30_007));
  t.is(db.prepares() - before, 0, 'the latest is kept');
  await db.all(long(30_000));
  t.is(db.prepares() - before, 1, 'the oldest was finalized');
  await t.notThrowsAsync(db.close());
});
