import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { cpuSeconds, postgresBackends, totalCpuSeconds } from '../support/process-cpu.ts';
import { freePort, runScript, type RunningProcess } from '../support/processes.ts';

/**
 * Reads: authenticated `GET /testCases/{id}` from several keep-alive connections for a few seconds, against the
 * server (`bootstrap/server.ts`, as deployed) on the in-memory adapter, SQLite and PostgreSQL in the same run.
 * The servers run side by side and the phases alternate. Prints requests/s, p50 and p99 latency, and each
 * database's rate as a ratio of the in-memory rate.
 */
const CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 8);
const STORES = (process.env.BENCH_READ_DATABASES ?? 'memory,sqlite,postgres').split(',');
/** Rounds alternate the stores; the best of each is kept, so a burst of load elsewhere skews none of them. */
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 2);
/** Another checkout (with its node_modules) to measure beside this one in the same run, e.g. the code before a change. */
const BASELINE = process.env.BENCH_READ_BASELINE;
/** A folder for the servers' CPU profiles (`--cpu-prof`), when set. */
const PROFILE = process.env.BENCH_READ_PROFILE;
const ADMIN_KEY = `assay_${'BenchReads'.repeat(4)}`;

interface ReadFigures {
  readonly store: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /** CPU milliseconds per request: the server process, and the PostgreSQL server processes serving it. */
  readonly serverCpuMs: number;
  readonly databaseCpuMs: number;
}

/** A test case of a fresh tenant, and the key of its owner. */
async function seed(url: string): Promise<{ path: string; key: string }> {
  const admin = new ApiClient(url, ADMIN_KEY);
  const organization = (await admin.post('/organizations', { name: 'Readers' })).body;
  const user = (
    await admin.post('/users', {
      organizationId: organization.id,
      email: 'r@readers.example',
      name: 'Reader',
      role: 'OWNER',
    })
  ).body;
  const key = (await admin.post('/apiKeys', { userId: user.id, name: 'bench' })).body.key as string;
  const owner = admin.as(key);
  const product = (await owner.post('/products', { name: 'Reader' })).body;
  const dataset = (await owner.post('/tests', { productId: product.id, name: 'Reads' })).body;
  const testCase = (await owner.post('/testCases', { testId: dataset.id, input: 'Where is my order?' })).body;
  if (!testCase.id) throw new Error(`seeding failed: ${JSON.stringify(testCase)}`);
  return { path: `/testCases/${testCase.id}`, key };
}

interface Target {
  readonly store: string;
  readonly url: string;
  readonly path: string;
  readonly key: string;
  readonly serverPid: number;
  readonly databaseUrl: string | null;
  stop(): Promise<void>;
}

/** The server on one store (from the baseline checkout when asked), seeded with a test case to read. */
async function serve(store: string, baseline = false): Promise<Target> {
  const database: TestDatabase | null = store === 'memory' ? null : await createTestDatabase(store as 'sqlite');
  const port = await freePort();
  const server: RunningProcess = runScript(
    'bootstrap/server.ts',
    [],
    {
      DATABASE_URL: database?.url ?? 'memory',
      PORT: String(port),
      HOST: '127.0.0.1',
      ASSAY_ADMIN_API_KEY: ADMIN_KEY,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
    { nodeArguments: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [], cwd: baseline ? BASELINE : undefined },
  );
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exited();
    await database?.drop();
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await server.waitFor(/platform admin/);
    while (
      !(await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      ))
    )
      await sleep(100);
    const databaseUrl = store === 'postgres' ? database!.url : null;
    const name = baseline ? `${store} (baseline)` : store;
    return { store: name, url, ...(await seed(url)), serverPid: server.child.pid!, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function measure(target: Target): Promise<ReadFigures> {
  const backends = target.databaseUrl ? await postgresBackends(target.databaseUrl) : [];
  const cpuBefore = [await cpuSeconds(target.serverPid), await totalCpuSeconds(backends)];
  const result = await autocannon({
    url: `${target.url}${target.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${target.key}` },
  });
  const after = target.databaseUrl ? await postgresBackends(target.databaseUrl) : [];
  const cpuAfter = [await cpuSeconds(target.serverPid), await totalCpuSeconds(after)];
  const perRequestMs = (index: number) => ((cpuAfter[index] - cpuBefore[index]) * 1000) / result.requests.total;
  return {
    store: target.store,
    serverCpuMs: perRequestMs(0),
    databaseCpuMs: perRequestMs(1),
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function run(): Promise<void> {
  const stores = (await postgresAvailable()) ? STORES : STORES.filter((store) => store !== 'postgres');
  const targets: Target[] = [];
  try {
    for (const store of stores) {
      targets.push(await serve(store));
      if (BASELINE) targets.push(await serve(store, true));
    }
    const best = new Map<string, ReadFigures>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const figures = await measure(target);
        const previous = best.get(target.store);
        if (!previous || figures.requestsPerSecond > previous.requestsPerSecond) best.set(target.store, figures);
      }
    }
    report([...best.values()]);
  } finally {
    for (const target of targets) await target.stop();
  }
}

/** Each figure with its rate as a ratio of the in-memory rate of the same code (this checkout, or the baseline). */
function report(figures: readonly ReadFigures[]): void {
  process.stdout.write(
    `GET /testCases/{id}, ${CONNECTIONS} connections, ${SECONDS} s per phase, best of ${ROUNDS} alternating rounds\n`,
  );
  for (const entry of figures) {
    const baseline = entry.store.endsWith('(baseline)');
    const memory = figures.find((other) => other.store === (baseline ? 'memory (baseline)' : 'memory'));
    const ratio = memory ? ` = ${(entry.requestsPerSecond / memory.requestsPerSecond).toFixed(2)} × memory` : '';
    process.stdout.write(
      `${entry.store.padEnd(19)} ${String(entry.requestsPerSecond).padStart(6)} req/s${ratio}, p50 ${entry.p50} ms, ` +
        `p99 ${entry.p99} ms, errors ${entry.errors}; CPU per request: server ${entry.serverCpuMs.toFixed(3)} ms, ` +
        `PostgreSQL ${entry.databaseCpuMs.toFixed(3)} ms\n`,
    );
  }
}
