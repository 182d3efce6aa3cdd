import pg from 'pg';
import sqlite3 from 'sqlite3';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';

/**
 * Span ingestion: batches of 1000 realistic spans (about 1 KB each) sent over HTTP by several concurrent clients to
 * the platform running in its own process,
 * against inserting the same rows straight through the database driver (one multi-row INSERT per batch, in a
 * transaction, same concurrency) in the same run. Prints spans/s and the HTTP/driver ratio per database.
 */
const BATCH = Number(process.env.BENCH_SPAN_BATCH ?? 1000);
const BATCHES = Number(process.env.BENCH_SPAN_BATCHES ?? 24);
const CLIENTS = Number(process.env.BENCH_SPAN_CLIENTS ?? 4);
/** Rounds alternate HTTP and driver phases; the best of each is kept, so a burst of load elsewhere on the machine skews neither. */
const ROUNDS = Number(process.env.BENCH_SPAN_ROUNDS ?? 3);
const COLUMNS = [
  'id',
  'organization_id',
  'inference_result_id',
  'session_id',
  'name',
  'type',
  'description',
  'input_data',
  'output_data',
  'error',
  'latency_ms',
  'metadata',
  'parent_trace_id',
  'parent_pending',
  'start_time',
  'end_time',
  'created_at',
  'deleted_at',
];

interface Owner {
  readonly organizationId: string;
  readonly inferenceResultId: string;
  readonly sessionId: string;
}

/** One batch as a client sends it: a root span and its children, each about 1 KB of JSON. */
function spanBatch(owner: Owner, label: string): Record<string, unknown>[] {
  const root = `trace_${label}_root`;
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: BATCH }, (_, index) => ({
    id: index === 0 ? root : `trace_${label}_${index}`,
    inferenceResultId: owner.inferenceResultId,
    name: index === 0 ? 'invoke_agent support' : `chat step ${index}`,
    type: index === 0 ? 'AGENT' : 'GENERATION',
    description: 'A model call made by the support agent while answering the customer question about an order.',
    inputData: {
      messages: [
        { role: 'system', content: 'You are a helpful support agent. '.repeat(4) },
        { role: 'user', content: `Where is order ${index}? `.repeat(6) },
      ],
    },
    outputData: {
      message: { role: 'assistant', content: `Order ${index} ships today from the central warehouse. `.repeat(4) },
    },
    latencyMs: 120 + (index % 50),
    metadata: { model: 'gpt-x', temperature: 0.2, usage: { inputTokens: 180, outputTokens: 64 }, region: 'eu-west-1' },
    ...(index === 0 ? {} : { parentTraceId: root }),
    startTime: new Date(start + index).toISOString(),
    endTime: new Date(start + index + 120).toISOString(),
  }));
}

/** The row a span becomes in the spans table, in COLUMNS order. */
function row(owner: Owner, span: Record<string, unknown>, dialect: 'sqlite' | 'postgres'): unknown[] {
  const now = new Date().toISOString();
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return [
    span.id,
    owner.organizationId,
    owner.inferenceResultId,
    owner.sessionId,
    span.name,
    span.type,
    span.description,
    json(span.inputData),
    json(span.outputData),
    null,
    span.latencyMs,
    json(span.metadata),
    span.parentTraceId ?? null,
    dialect === 'sqlite' ? 0 : false,
    span.startTime,
    span.endTime,
    now,
    null,
  ];
}

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

async function overHttp(world: HttpWorld, owner: Owner, key: string, prefix: string): Promise<number> {
  const batches = Array.from({ length: BATCHES }, (_, index) =>
    JSON.stringify({ traces: spanBatch(owner, `${prefix}${index}`) }),
  );
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (body: string) => {
    const response = await fetch(`${world.url}/traces/batch`, { method: 'POST', headers, body });
    const answer = Buffer.from(await response.arrayBuffer());
    if (response.status !== 201)
      throw new Error(`batch answered ${response.status}: ${answer.toString('utf8').slice(0, 300)}`);
  };
  await send(JSON.stringify({ traces: spanBatch(owner, `${prefix}warm`) }));
  return timed(() => concurrently(BATCHES, CLIENTS, (index) => send(batches[index])));
}

function placeholders(rows: number, dialect: 'sqlite' | 'postgres'): string {
  let parameter = 0;
  const one = () => `(${COLUMNS.map(() => (dialect === 'postgres' ? `$${++parameter}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, one).join(', ');
}

async function throughPostgres(url: string, owner: Owner, prefix: string): Promise<number> {
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
  const seconds = await timed(() => concurrently(BATCHES, CLIENTS, (index) => insert(`${prefix}${index}`)));
  await pool.end();
  return seconds;
}

async function throughSqlite(file: string, owner: Owner, prefix: string): Promise<number> {
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

/** Starts the platform in a child process, as a deployment would run apart from its clients. */
async function startServer(databaseUrl: string): Promise<{ url: string; key: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./span-server.ts', import.meta.url)), databaseUrl],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { url, key } = JSON.parse(line) as { url: string; key: string };
  return {
    url,
    key,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function measure(name: 'sqlite' | 'postgres'): Promise<void> {
  const store: TestDatabase = await createTestDatabase(name);
  const server = await startServer(store.url);
  const benchWorld = { url: server.url, admin: new ApiClient(server.url, server.key) } as HttpWorld;
  try {
    const tenant = await createTenant(benchWorld);
    const { inferenceResultId, sessionId } = await createInferenceResultFor(benchWorld, tenant);
    const owner = { organizationId: tenant.organizationId, inferenceResultId, sessionId };
    const key = tenant.member.key!;
    const spans = BATCH * BATCHES;
    let http = 0;
    let driver = 0;
    for (let round = 0; round < ROUNDS; round++) {
      http = Math.max(http, spans / (await overHttp(benchWorld, owner, key, `http${round}_`)));
      const direct =
        name === 'postgres'
          ? await throughPostgres(store.url, owner, `driver${round}_`)
          : await throughSqlite(store.url.slice('sqlite:'.length), owner, `driver${round}_`);
      driver = Math.max(driver, spans / direct);
    }
    const figure = (value: number) => Math.round(value).toLocaleString('en-US').padStart(9);
    process.stdout.write(
      `${name.padEnd(9)} http ${figure(http)} spans/s   driver ${figure(driver)} spans/s   ratio ${(http / driver).toFixed(2)}   (best of ${ROUNDS} rounds of ${BATCHES} batches of ${BATCH}, ${CLIENTS} clients)\n`,
    );
  } finally {
    await server.stop();
    await store.drop();
  }
}

export async function run(): Promise<void> {
  const wanted = (process.env.BENCH_SPAN_DATABASES ?? 'sqlite,postgres').split(',');
  if (wanted.includes('sqlite')) await measure('sqlite');
  if (!wanted.includes('postgres')) return;
  if (await postgresAvailable()) await measure('postgres');
  else process.stdout.write('postgres  skipped: not reachable\n');
}
