import pg from 'pg';
import sqlite3 from 'sqlite3';
import type { HttpWorld } from '../support/http-world.ts';
import { postgresBackends, totalCpuSeconds } from '../support/process-cpu.ts';
import { COLUMNS, type Owner, otlpExport, row, spanBatch } from './span-bench-payloads.ts';
import { BATCH, BATCHES, CLIENTS, MINIMAL, OTLP_EXPORTS } from './span-bench-settings.ts';

// The span-ingestion benchmark's writers, each timed: over HTTP (batches and OTLP) and straight through the drivers.

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** Runs `total` jobs on `clients` concurrent workers. */
async function concurrently(total: number, clients: number, job: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) await job(next++);
    }),
  );
}

export async function overHttp(world: HttpWorld, owner: Owner, key: string, prefix: string): Promise<number> {
  const batches = Array.from({ length: BATCHES }, (_, index) =>
    JSON.stringify({ traces: spanBatch(owner, `${prefix}${index}`) }),
  );
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (body: string) => {
    const response = await fetch(`${world.url}/traces/batch${MINIMAL ? '?return=minimal' : ''}`, {
      method: 'POST',
      headers,
      body,
    });
    const answer = Buffer.from(await response.arrayBuffer());
    if (response.status !== 201)
      throw new Error(`batch answered ${response.status}: ${answer.toString('utf8').slice(0, 300)}`);
  };
  await send(JSON.stringify({ traces: spanBatch(owner, `${prefix}warm`) }));
  return timed(() => concurrently(BATCHES, CLIENTS, (index) => send(batches[index])));
}

export async function overOtlp(world: HttpWorld, owner: Owner, key: string): Promise<number> {
  const exports = Array.from({ length: OTLP_EXPORTS }, () => otlpExport(owner.sessionId));
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (body: string) => {
    const response = await fetch(`${world.url}/otel/v1/traces`, { method: 'POST', headers, body });
    const answer = await response.text();
    if (response.status !== 200 || answer !== '{}')
      throw new Error(`export answered ${response.status}: ${answer.slice(0, 300)}`);
  };
  try {
    await send(otlpExport(owner.sessionId));
    return await timed(() => concurrently(OTLP_EXPORTS, CLIENTS, (index) => send(exports[index])));
  } catch (error) {
    process.stdout.write(
      `  an OTLP export failed: ${(error as Error).message} ${String((error as Error).cause ?? '')}\n`,
    );
    return Number.POSITIVE_INFINITY;
  }
}

function placeholders(rows: number, dialect: 'sqlite' | 'postgres'): string {
  let parameter = 0;
  const one = () => `(${COLUMNS.map(() => (dialect === 'postgres' ? `$${++parameter}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, one).join(', ');
}

/** CPU seconds the database's server processes have used so far (PostgreSQL on this machine). */
export const databaseCpu = async (url: string) => totalCpuSeconds(await postgresBackends(url));

export async function throughPostgres(
  url: string,
  owner: Owner,
  prefix: string,
): Promise<{ seconds: number; databaseSeconds: number }> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  const sql = `INSERT INTO spans (${COLUMNS.join(', ')}) VALUES ${placeholders(BATCH, 'postgres')} ON CONFLICT DO NOTHING`;
  const insert = async (label: string) => {
    const values = spanBatch(owner, label).flatMap((span) => row(owner, span, 'postgres'));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(sql, values);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  await insert(`${prefix}warm`);
  const before = await databaseCpu(url);
  const seconds = await timed(() => concurrently(BATCHES, CLIENTS, (index) => insert(`${prefix}${index}`)));
  const databaseSeconds = (await databaseCpu(url)) - before;
  await pool.end();
  return { seconds, databaseSeconds };
}

export async function throughSqlite(file: string, owner: Owner, prefix: string): Promise<number> {
  const database = new sqlite3.Database(file);
  const run = (sql: string, values: unknown[] = []) =>
    new Promise<void>((resolve, reject) => database.run(sql, values, (error) => (error ? reject(error) : resolve())));
  await run('PRAGMA busy_timeout = 30000');
  await run('PRAGMA synchronous = NORMAL');
  const sql = `INSERT OR IGNORE INTO spans (${COLUMNS.join(', ')}) VALUES ${placeholders(BATCH, 'sqlite')}`;
  let queue = Promise.resolve();
  const insert = (label: string) => {
    const values = spanBatch(owner, label).flatMap((span) => row(owner, span, 'sqlite'));
    const turn = queue.then(async () => {
      await run('BEGIN IMMEDIATE');
      await run(sql, values);
      await run('COMMIT');
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
  await insert(`${prefix}warm`);
  const seconds = await timed(() => concurrently(BATCHES, CLIENTS, (index) => insert(`${prefix}${index}`)));
  await new Promise<void>((resolve) => database.close(() => resolve()));
  return seconds;
}
