import pg from 'pg';
import sqlite3 from 'sqlite3';
import type { HttpWorld } from '../support/http-world.ts';
import { postgresBackends, totalCpuSeconds } from '../support/process-cpu.ts';
import { DRIVER_TABLE } from './span-bench-driver-table.ts';
import { type Owner, otlpExport, row, spanBatch } from './span-bench-payloads.ts';
import { BATCH, CLIENTS, MINIMAL, OTLP_EXPORTS, SECONDS, WARMUP } from './span-bench-settings.ts';

// The span-ingestion benchmark's writers: over HTTP (batches and OTLP) and straight through the drivers. The batch
// writers run for a fixed time: each client builds its next batch, sends it and waits for its answer until the
// phase's time is up; the rate is the spans acknowledged over the time until the last client's last answer.

export interface Phase {
  readonly spans: number;
  readonly seconds: number;
}

let sequence = 0;
/** A label no batch of this process used before (span ids are unique per organization). */
const label = (prefix: string) => `${prefix}${process.pid.toString(36)}_${(sequence++).toString(36)}`;

async function forDuration(write: (label: string) => Promise<void>, prefix: string): Promise<Phase> {
  for (let warm = 0; warm < WARMUP; warm++)
    await Promise.all(Array.from({ length: CLIENTS }, () => write(label(`${prefix}w`))));
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let batches = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        await write(label(prefix));
        batches++;
      }
    }),
  );
  return { spans: batches * BATCH, seconds: (performance.now() - started) / 1000 };
}

/** Batches posted to /traces/batch; each answer is read and parsed in full, as a client of the spec's echo does. */
export function overHttp(world: HttpWorld, owner: Owner, key: string): Promise<Phase> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (name: string) => {
    const body = JSON.stringify({ traces: spanBatch(owner, name) });
    const response = await fetch(`${world.url}/traces/batch${MINIMAL ? '?return=minimal' : ''}`, {
      method: 'POST',
      headers,
      body,
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`batch answered ${response.status}: ${text.slice(0, 300)}`);
    const answer = JSON.parse(text) as unknown;
    const count = Array.isArray(answer) ? answer.length : (answer as { created: number }).created;
    if (count !== BATCH) throw new Error(`batch answered ${count} spans instead of ${BATCH}`);
  };
  return forDuration(send, 'h');
}

export async function overOtlp(world: HttpWorld, owner: Owner, key: string): Promise<number> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (body: string) => {
    const response = await fetch(`${world.url}/otel/v1/traces`, { method: 'POST', headers, body });
    const answer = await response.text();
    if (response.status !== 200 || answer !== '{}')
      throw new Error(`export answered ${response.status}: ${answer.slice(0, 300)}`);
  };
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next++ < OTLP_EXPORTS) await send(otlpExport(owner.sessionId));
      }),
    );
    return (performance.now() - started) / 1000;
  } catch (error) {
    process.stdout.write(
      `  an OTLP export failed: ${(error as Error).message} ${String((error as Error).cause ?? '')}\n`,
    );
    return Number.POSITIVE_INFINITY;
  }
}

/** One multi-row INSERT of a batch into the driver's copy of `spans`, and the values it binds: every column of the copy. */
function insertStatement(columns: readonly string[], dialect: 'sqlite' | 'postgres', owner: Owner) {
  let parameter = 0;
  const one = () => `(${columns.map(() => (dialect === 'postgres' ? `$${++parameter}` : '?')).join(', ')})`;
  const values = Array.from({ length: BATCH }, one).join(', ');
  const sql =
    dialect === 'postgres'
      ? `INSERT INTO ${DRIVER_TABLE} (${columns.join(', ')}) VALUES ${values} ON CONFLICT DO NOTHING`
      : `INSERT OR IGNORE INTO ${DRIVER_TABLE} (${columns.join(', ')}) VALUES ${values}`;
  const bind = (name: string) =>
    spanBatch(owner, name).flatMap((span) => {
      const fields = row(owner, span, dialect);
      return columns.map((column) => fields[column] ?? null);
    });
  return { sql, bind };
}

/** CPU seconds the database's server processes have used so far (PostgreSQL on this machine). */
export const databaseCpu = async (url: string) => totalCpuSeconds(await postgresBackends(url));

/** The driver on PostgreSQL: a pool of CLIENTS connections, each batch BEGIN, one INSERT, COMMIT. */
export async function throughPostgres(
  url: string,
  owner: Owner,
  columns: readonly string[],
): Promise<Phase & { databaseSeconds: number }> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  const { sql, bind } = insertStatement(columns, 'postgres', owner);
  const insert = async (name: string) => {
    const values = bind(name);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(sql, values);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, () => pool.connect().then((client) => client.release())));
  const before = await databaseCpu(url);
  const phase = await forDuration(insert, 'd');
  const databaseSeconds = (await databaseCpu(url)) - before;
  await pool.end();
  return { ...phase, databaseSeconds };
}

/** The driver on SQLite: one connection (SQLite has one writer), batches in turn: BEGIN IMMEDIATE, one INSERT, COMMIT. */
export async function throughSqlite(file: string, owner: Owner, columns: readonly string[]): Promise<Phase> {
  const database = new sqlite3.Database(file);
  const run = (sql: string, values: unknown[] = []) =>
    new Promise<void>((resolve, reject) => database.run(sql, values, (error) => (error ? reject(error) : resolve())));
  await run('PRAGMA busy_timeout = 30000');
  await run('PRAGMA synchronous = NORMAL');
  const { sql, bind } = insertStatement(columns, 'sqlite', owner);
  let queue = Promise.resolve();
  const insert = (name: string) => {
    const values = bind(name);
    const turn = queue.then(async () => {
      await run('BEGIN IMMEDIATE');
      await run(sql, values);
      await run('COMMIT');
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
  const phase = await forDuration(insert, 'd');
  await new Promise<void>((resolve) => database.close(() => resolve()));
  return phase;
}
