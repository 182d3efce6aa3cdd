import pg from 'pg';
import sqlite3 from 'sqlite3';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';
import { cpuSeconds, postgresBackends, totalCpuSeconds } from '../support/process-cpu.ts';
import { startBenchServer } from '../support/bench-server.ts';

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

const OUTPUT = 'Your order ships today from the central warehouse and should arrive within two working days. '
  .repeat(4)
  .slice(0, 300);
const NOTE =
  'Answered from the order database; the customer was told the delivery window and offered tracking by e-mail. '
    .repeat(2)
    .slice(0, 200);

/**
 * One batch as a client sends it: a root span and its children, each about 1 KB of JSON (a 300-character output, a
 * 200-character metadata note, a small input object, times, ids).
 */
function spanBatch(owner: Owner, label: string): Record<string, unknown>[] {
  const root = `trace_${label}_root`;
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: BATCH }, (_, index) => ({
    id: index === 0 ? root : `trace_${label}_${index}`,
    inferenceResultId: owner.inferenceResultId,
    name: index === 0 ? 'invoke_agent support' : `chat step ${index}`,
    type: index === 0 ? 'AGENT' : 'GENERATION',
    inputData: { prompt: `Where is order ${index}?`, customer: 'c-1042', locale: 'en-GB' },
    outputData: OUTPUT,
    latencyMs: 120 + (index % 50),
    metadata: { model: 'gpt-x', temperature: 0.2, inputTokens: 180, outputTokens: 64, note: NOTE },
    ...(index === 0 ? {} : { parentTraceId: root }),
    startTime: new Date(start + index).toISOString(),
    endTime: new Date(start + index + 120).toISOString(),
  }));
}

/** OTLP exports of the same content: `TRACES` traces of `SPANS_PER_TRACE` spans, placed in one session by attribute. */
const OTLP_TRACES = Number(process.env.BENCH_OTLP_TRACES ?? 100);
const OTLP_SPANS_PER_TRACE = Number(process.env.BENCH_OTLP_SPANS_PER_TRACE ?? 100);
const OTLP_EXPORTS = Number(process.env.BENCH_OTLP_EXPORTS ?? 8);
let otlpSequence = 0;

export function otlpExport(sessionId: string): string {
  const text = (value: string) => ({ stringValue: value });
  const start = 1_767_225_600_000_000_000n;
  const exportNumber = ++otlpSequence;
  const spans = [];
  for (let trace = 0; trace < OTLP_TRACES; trace++) {
    const traceId = `${process.pid.toString(16).padStart(8, '0')}${exportNumber.toString(16).padStart(8, '0')}${trace.toString(16).padStart(16, '0')}`;
    for (let index = 0; index < OTLP_SPANS_PER_TRACE; index++) {
      spans.push({
        traceId,
        spanId: (index + 1).toString(16).padStart(16, '0'),
        ...(index === 0 ? {} : { parentSpanId: '0000000000000001' }),
        name: index === 0 ? 'invoke_agent support' : `chat step ${index}`,
        kind: 1,
        startTimeUnixNano: String(start + BigInt(index) * 1_000_000n),
        endTimeUnixNano: String(start + BigInt(index + 120) * 1_000_000n),
        attributes: [
          { key: 'gen_ai.operation.name', value: text('chat') },
          { key: 'gen_ai.request.model', value: text('gpt-x') },
          { key: 'gen_ai.input.messages', value: text(`[{"role":"user","content":"Where is order ${index}?"}]`) },
          { key: 'gen_ai.output.messages', value: text(OUTPUT) },
          { key: 'gen_ai.usage.input_tokens', value: { intValue: '180' } },
          { key: 'gen_ai.usage.output_tokens', value: { intValue: '64' } },
          { key: 'note', value: text(NOTE) },
        ],
        status: {},
      });
    }
  }
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'assay.session.id', value: text(sessionId) }] },
        scopeSpans: [{ scope: { name: 'bench' }, spans }],
      },
    ],
  });
}

async function overOtlp(world: HttpWorld, owner: Owner, key: string): Promise<number> {
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

/** The server process's peak resident memory so far (VmHWM), in MB. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
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

function placeholders(rows: number, dialect: 'sqlite' | 'postgres'): string {
  let parameter = 0;
  const one = () => `(${COLUMNS.map(() => (dialect === 'postgres' ? `$${++parameter}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, one).join(', ');
}

/** CPU seconds the database's server processes have used so far (PostgreSQL on this machine). */
const databaseCpu = async (url: string) => totalCpuSeconds(await postgresBackends(url));

async function throughPostgres(
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

const PROFILE = process.env.BENCH_SPAN_PROFILE;
/** BENCH_SPAN_MINIMAL=true: the clients ask for counts only (`?return=minimal`). */
const MINIMAL = process.env.BENCH_SPAN_MINIMAL === 'true';
const BASELINE = process.env.BENCH_SPAN_BASELINE;

/** BENCH_SPAN_SERVER=source: the server runs under tsx from the sources instead of compiled, as `npm start` runs it. */
const SERVER_KIND = process.env.BENCH_SPAN_SERVER === 'source' ? 'source' : 'built';

/**
 * Starts the platform in a child process, as a deployment would run apart from its clients: this checkout's, or
 * the one at `root` (a baseline). With BENCH_SPAN_PROFILE the server leaves a CPU profile in that folder.
 */
const startServer = (databaseUrl: string, root?: string) =>
  startBenchServer(databaseUrl, SERVER_KIND, {
    ...(root ? { root } : {}),
    nodeArguments: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
  });

interface Target {
  readonly label: string;
  readonly store: TestDatabase;
  readonly server: Awaited<ReturnType<typeof startServer>>;
  readonly world: HttpWorld;
  readonly owner: Owner;
  readonly key: string;
}

async function target(name: 'sqlite' | 'postgres', label: string, root?: string): Promise<Target> {
  const store: TestDatabase = await createTestDatabase(name);
  const server = await startServer(store.url, root);
  const world = { url: server.url, admin: new ApiClient(server.url, server.key) } as HttpWorld;
  const tenant = await createTenant(world);
  const { inferenceResultId, sessionId } = await createInferenceResultFor(world, tenant);
  return {
    label,
    store,
    server,
    world,
    owner: { organizationId: tenant.organizationId, inferenceResultId, sessionId },
    key: tenant.member.key!,
  };
}

async function measure(name: 'sqlite' | 'postgres'): Promise<void> {
  const targets = [await target(name, 'this')];
  if (BASELINE) targets.push(await target(name, 'baseline', BASELINE));
  const [main] = targets;
  try {
    const spans = BATCH * BATCHES;
    const http = targets.map(() => 0);
    const otlp = targets.map(() => 0);
    let driver = 0;
    const otlpSpans = OTLP_EXPORTS * OTLP_TRACES * OTLP_SPANS_PER_TRACE;
    // CPU milliseconds per 1000 spans (the least of the rounds) of the process writing them: the server, or this
    // process for the driver (SQLite's work included, as it runs in-process; PostgreSQL's not, on either side).
    // Unlike rates, CPU spent per span hardly moves with the machine's other load.
    const httpCpu = targets.map(() => Number.POSITIVE_INFINITY);
    let driverCpu = Number.POSITIVE_INFINITY;
    // PostgreSQL's own CPU per 1000 spans (its server processes for this database), each side.
    const httpDatabaseCpu = targets.map(() => Number.POSITIVE_INFINITY);
    const otlpCpu = targets.map(() => Number.POSITIVE_INFINITY);
    const otlpDatabaseCpu = targets.map(() => Number.POSITIVE_INFINITY);
    let driverDatabaseCpu = Number.POSITIVE_INFINITY;
    const perThousand = (seconds: number) => (seconds * 1000 * 1000) / spans;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, each] of targets.entries()) {
        const before = await cpuSeconds(each.server.pid);
        const databaseBefore = name === 'postgres' ? await databaseCpu(each.store.url) : 0;
        const rate = spans / (await overHttp(each.world, each.owner, each.key, `http${round}_`));
        const after = await cpuSeconds(each.server.pid);
        if (name === 'postgres')
          httpDatabaseCpu[index] = Math.min(
            httpDatabaseCpu[index],
            perThousand((await databaseCpu(each.store.url)) - databaseBefore),
          );
        http[index] = Math.max(http[index], rate);
        httpCpu[index] = Math.min(httpCpu[index], perThousand(after - before));
      }
      const ownBefore = process.cpuUsage();
      let direct: number;
      if (name === 'postgres') {
        const measured = await throughPostgres(main.store.url, main.owner, `driver${round}_`);
        direct = measured.seconds;
        driverDatabaseCpu = Math.min(driverDatabaseCpu, perThousand(measured.databaseSeconds));
      } else direct = await throughSqlite(main.store.url.slice('sqlite:'.length), main.owner, `driver${round}_`);
      const own = process.cpuUsage(ownBefore);
      driverCpu = Math.min(driverCpu, perThousand((own.user + own.system) / 1e6));
      driver = Math.max(driver, spans / direct);
      if (OTLP_EXPORTS > 0)
        for (const [index, each] of targets.entries()) {
          const before = await cpuSeconds(each.server.pid);
          const databaseBefore = name === 'postgres' ? await databaseCpu(each.store.url) : 0;
          otlp[index] = Math.max(otlp[index], otlpSpans / (await overOtlp(each.world, each.owner, each.key)));
          const perSpan = (seconds: number) => (seconds * 1000 * 1000) / otlpSpans;
          otlpCpu[index] = Math.min(otlpCpu[index], perSpan((await cpuSeconds(each.server.pid)) - before));
          if (name === 'postgres')
            otlpDatabaseCpu[index] = Math.min(
              otlpDatabaseCpu[index],
              perSpan((await databaseCpu(each.store.url)) - databaseBefore),
            );
        }
    }
    const figure = (value: number) => Math.round(value).toLocaleString('en-US').padStart(9);
    for (const [index, each] of targets.entries()) {
      const who = `${name} ${each.label}`.padEnd(18);
      process.stdout.write(
        `${who} http ${figure(http[index])} spans/s   driver ${figure(driver)} spans/s   ratio ${(http[index] / driver).toFixed(2)}   (best of ${ROUNDS} rounds of ${BATCHES} batches of ${BATCH} 1 KB spans, ${CLIENTS} clients)\n`,
      );
      if (OTLP_EXPORTS > 0)
        process.stdout.write(
          `${who} otlp ${figure(otlp[index])} spans/s   ÷ http batch = ${(otlp[index] / http[index]).toFixed(2)}   (${OTLP_EXPORTS} exports of ${OTLP_TRACES} traces × ${OTLP_SPANS_PER_TRACE} spans, JSON; CPU per 1000 spans: server ${otlpCpu[index].toFixed(0)} ms${name === 'postgres' ? `, PostgreSQL ${otlpDatabaseCpu[index].toFixed(0)} ms` : ''})\n`,
        );
      process.stdout.write(
        `${who} CPU per 1000 spans: http ${httpCpu[index].toFixed(0)} ms, driver ${driverCpu.toFixed(0)} ms (ratio ${(driverCpu / httpCpu[index]).toFixed(2)}; ${name === 'postgres' ? "PostgreSQL's own CPU not counted" : 'SQLite in-process, counted'})\n`,
      );
      if (name === 'postgres')
        process.stdout.write(
          `${who} PostgreSQL's CPU per 1000 spans: http ${httpDatabaseCpu[index].toFixed(0)} ms, driver ${driverDatabaseCpu.toFixed(0)} ms; both processes together: http ${(httpCpu[index] + httpDatabaseCpu[index]).toFixed(0)} ms, driver ${(driverCpu + driverDatabaseCpu).toFixed(0)} ms (ratio ${((driverCpu + driverDatabaseCpu) / (httpCpu[index] + httpDatabaseCpu[index])).toFixed(2)})\n`,
        );
      process.stdout.write(`${who} server peak RSS ${peakRss(each.server.pid)} MB\n`);
    }
  } finally {
    for (const each of targets) {
      await each.server.stop();
      await each.store.drop();
    }
  }
}

export async function run(): Promise<void> {
  const wanted = (process.env.BENCH_SPAN_DATABASES ?? 'sqlite,postgres').split(',');
  if (wanted.includes('sqlite')) await measure('sqlite');
  if (!wanted.includes('postgres')) return;
  if (await postgresAvailable()) await measure('postgres');
  else process.stdout.write('postgres  skipped: not reachable\n');
}
