/**
 * Preloaded into a benchmark's server process (`node --import`), so the benchmark can count the server's database
 * round trips: every PostgreSQL query sent through `pg` (one round trip each: the driver does not pipeline) and every
 * SQLite statement step run through `sqlite3` (one trip to the driver's thread pool and back each). Plain JavaScript,
 * so it loads into the compiled server too. On SIGUSR2 the counts so far go to BENCH_ROUND_TRIP_FILE as JSON.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.BENCH_ROUND_TRIP_FILE;
if (file) {
  // The job queue's polling (pg-boss, on PostgreSQL with the embedded worker) runs by the clock, not per request:
  // counted apart, in `queue`.
  const counts = { postgres: 0, sqlite: 0, queue: 0, statements: {} };
  // BENCH_ROUND_TRIP_STATEMENTS=true: also counts by the statement's first 70 characters (to see which they are).
  const byText = process.env.BENCH_ROUND_TRIP_STATEMENTS === 'true';
  const text = (first) => {
    const sql = typeof first === 'string' ? first : (first?.text ?? first?.sql ?? '');
    return String(sql).slice(0, 140).replace(/\s+/g, ' ').slice(0, 70);
  };
  const require = createRequire(`${process.cwd()}/package.json`);
  const counted = (prototype, names, key) => {
    for (const name of names) {
      const original = prototype[name];
      prototype[name] = function countedCall(...args) {
        const sql = text(key === 'postgres' ? args[0] : this.sql);
        counts[sql.includes('pgboss.') ? 'queue' : key]++;
        if (byText) {
          const named = `${key}: ${sql}`;
          counts.statements[named] = (counts.statements[named] ?? 0) + 1;
        }
        return original.apply(this, args);
      };
    }
  };
  counted(require('pg').Client.prototype, ['query'], 'postgres');
  const sqlite3 = require('sqlite3');
  // Database.run/all/get/each create a Statement and call these, so each statement is counted once.
  counted(sqlite3.Statement.prototype, ['run', 'all', 'get', 'each'], 'sqlite');
  counted(sqlite3.Database.prototype, ['exec'], 'sqlite');
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify(counts)));
}
