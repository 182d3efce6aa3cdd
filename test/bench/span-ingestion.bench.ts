/**
 * Span ingestion: batches of 1000 realistic spans (about 1 KB each) sent over HTTP by several concurrent clients to
 * the platform running in its own process,
 * against inserting the same rows straight through the database driver (one multi-row INSERT per batch, in a
 * transaction, same concurrency) in the same run. Prints spans/s and the HTTP/driver ratio per database.
 */
import { readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { cpuSeconds } from '../support/process-cpu.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';
import type { Owner } from './span-bench-payloads.ts';
import {
  BATCH,
  BATCHES,
  CLIENTS,
  OTLP_EXPORTS,
  OTLP_SPANS_PER_TRACE,
  OTLP_TRACES,
  ROUNDS,
} from './span-bench-settings.ts';
import { databaseCpu, overHttp, overOtlp, throughPostgres, throughSqlite } from './span-bench-writers.ts';

/** The server process's peak resident memory so far (VmHWM), in MB. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

const PROFILE = process.env.BENCH_SPAN_PROFILE;

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
