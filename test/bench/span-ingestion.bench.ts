/**
 * Span ingestion, one run: for a fixed time, several concurrent clients post batches of 1000 realistic spans (about
 * 1 KB each) to the platform running in its own process and parse its full answer; then, for the same time, the same
 * rows go straight through the database driver (one multi-row INSERT per batch, in a transaction, same concurrency)
 * into a copy of the `spans` table with all its indexes. Prints spans/s and the HTTP/driver ratio per database.
 */
import { readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { cpuSeconds } from '../support/process-cpu.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';
import type { Owner } from './span-bench-payloads.ts';
import { copyPostgresSpans, copySqliteSpans } from './span-bench-driver-table.ts';
import {
  BATCH,
  CLIENTS,
  MINIMAL,
  OTLP_EXPORTS,
  OTLP_SPANS_PER_TRACE,
  OTLP_TRACES,
  SECONDS,
  WARMUP,
} from './span-bench-settings.ts';
import { roundTripCounter } from './span-bench-round-trips.ts';
import { databaseCpu, overHttp, overOtlp, type Phase, throughPostgres, throughSqlite } from './span-bench-writers.ts';

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
async function startServer(databaseUrl: string, root?: string) {
  const trips = roundTripCounter();
  const server = await startBenchServer(databaseUrl, SERVER_KIND, {
    ...(root ? { root } : {}),
    nodeArguments: [...trips.nodeArguments, ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [])],
    env: trips.env,
  });
  return { ...server, roundTrips: () => trips.read(server.pid) };
}

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

const rate = (phase: Phase) => phase.spans / phase.seconds;
const figure = (value: number) => Math.round(value).toLocaleString('en-US').padStart(9);
const line = (text: string) => process.stdout.write(`${text}\n`);

async function measure(name: 'sqlite' | 'postgres'): Promise<void> {
  const targets = [await target(name, 'this')];
  if (BASELINE) targets.push(await target(name, 'baseline', BASELINE));
  const [main] = targets;
  try {
    // CPU milliseconds per 1000 spans of the process writing them: the server, or this process for the driver
    // (SQLite's work included, as it runs in-process; PostgreSQL's not, on either side: printed apart).
    const perThousand = (seconds: number, spans: number) => (seconds * 1000 * 1000) / spans;
    const http: { phase: Phase; cpu: number; database: number; trips: number; queuePerSecond: number }[] = [];
    const idle: { server: number; database: number }[] = [];
    for (const each of targets) {
      const tripsBefore = await each.server.roundTrips();
      const before = await cpuSeconds(each.server.pid);
      const databaseBefore = name === 'postgres' ? await databaseCpu(each.store.url) : 0;
      const phase = await overHttp(each.world, each.owner, each.key);
      const cpu = perThousand((await cpuSeconds(each.server.pid)) - before, phase.spans);
      const database =
        name === 'postgres' ? perThousand((await databaseCpu(each.store.url)) - databaseBefore, phase.spans) : 0;
      const tripsAfter = await each.server.roundTrips();
      const trips = (tripsAfter[name] - tripsBefore[name]) / (phase.spans / BATCH);
      const queuePerSecond = (tripsAfter.queue - tripsBefore.queue) / phase.seconds;
      http.push({ phase, cpu, database, trips, queuePerSecond });
      // What the server (and PostgreSQL for it) spends with no request, in ms a second: the embedded job queue's
      // polling. Measured for 2 s after its phase (warm), and taken out of the net figures.
      const idleBefore = await cpuSeconds(each.server.pid);
      const idleDatabase = name === 'postgres' ? await databaseCpu(each.store.url) : 0;
      await new Promise((done) => setTimeout(done, 2000));
      idle.push({
        server: ((await cpuSeconds(each.server.pid)) - idleBefore) * 500,
        database: name === 'postgres' ? ((await databaseCpu(each.store.url)) - idleDatabase) * 500 : 0,
      });
      for (const [sql, count] of Object.entries(tripsAfter.statements)) {
        const perBatch = (count - (tripsBefore.statements[sql] ?? 0)) / (phase.spans / BATCH);
        if (perBatch > 0) line(`  ${perBatch.toFixed(2)} a batch: ${sql}`);
      }
    }
    const ownBefore = process.cpuUsage();
    let driver: Phase;
    let driverDatabase = 0;
    if (name === 'postgres') {
      const measured = await throughPostgres(main.store.url, main.owner, await copyPostgresSpans(main.store.url));
      driver = measured;
      driverDatabase = perThousand(measured.databaseSeconds, measured.spans);
    } else {
      const file = main.store.url.slice('sqlite:'.length);
      driver = await throughSqlite(file, main.owner, await copySqliteSpans(file));
    }
    const own = process.cpuUsage(ownBefore);
    const driverCpu = perThousand((own.user + own.system) / 1e6, driver.spans);
    const otlpSpans = OTLP_EXPORTS * OTLP_TRACES * OTLP_SPANS_PER_TRACE;
    const otlp = [];
    for (const each of targets)
      otlp.push(OTLP_EXPORTS > 0 ? otlpSpans / (await overOtlp(each.world, each.owner, each.key)) : 0);
    const how = `one run of ${SECONDS} s a phase, ${CLIENTS} clients, batches of ${BATCH} 1 KB spans, ${MINIMAL ? 'return=minimal' : 'full echo parsed'}, driver into a copy of spans${WARMUP ? `, ${WARMUP} warm-up batches a client` : ''}`;
    for (const [index, each] of targets.entries()) {
      const who = `${name} ${each.label}`.padEnd(18);
      const { phase, cpu, database, trips, queuePerSecond } = http[index];
      line(
        `${who} http ${figure(rate(phase))} spans/s   driver ${figure(rate(driver))} spans/s   ratio ${(rate(phase) / rate(driver)).toFixed(2)}   (${how}; ${phase.spans} and ${driver.spans} spans)`,
      );
      if (OTLP_EXPORTS > 0)
        line(
          `${who} otlp ${figure(otlp[index])} spans/s   ÷ http batch = ${(otlp[index] / rate(phase)).toFixed(2)}   (${OTLP_EXPORTS} exports of ${OTLP_TRACES} traces × ${OTLP_SPANS_PER_TRACE} spans, JSON)`,
        );
      line(
        `${who} CPU per 1000 spans: http ${cpu.toFixed(0)} ms, driver ${driverCpu.toFixed(0)} ms (ratio ${(driverCpu / cpu).toFixed(2)}; ${name === 'postgres' ? "PostgreSQL's own CPU not counted" : 'SQLite in-process, counted'})`,
      );
      if (name === 'postgres')
        line(
          `${who} PostgreSQL's CPU per 1000 spans: http ${database.toFixed(0)} ms, driver ${driverDatabase.toFixed(0)} ms; both processes together: http ${(cpu + database).toFixed(0)} ms, driver ${(driverCpu + driverDatabase).toFixed(0)} ms`,
        );
      line(
        `${who} database round trips per batch: http ${trips.toFixed(1)}, driver 3 (${name === 'postgres' ? `queries sent; besides, the job queue's polling: ${queuePerSecond.toFixed(0)} a second` : 'statements stepped'})`,
      );
      const idleShare = (perSecond: number) => (perSecond * phase.seconds) / (phase.spans / 1000);
      const { server: idleServer, database: idleDatabase } = idle[index];
      line(
        `${who} while idle: server ${idleServer.toFixed(0)} ms CPU a second${name === 'postgres' ? `, PostgreSQL ${idleDatabase.toFixed(0)} ms` : ''}; net of it, per 1000 spans: server ${(cpu - idleShare(idleServer)).toFixed(0)} ms${name === 'postgres' ? `, PostgreSQL ${(database - idleShare(idleDatabase)).toFixed(0)} ms` : ''}`,
      );
      line(`${who} server peak RSS ${peakRss(each.server.pid)} MB`);
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
  else line('postgres  skipped: not reachable');
}
