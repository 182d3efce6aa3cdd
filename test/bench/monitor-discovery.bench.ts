import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform } from '../../bootstrap/library.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTenant } from '../support/http-world.ts';

/** New sessions that arrive between two ticks, the same at every size. */
const NEW_SESSIONS = 200;

const session = (id: string, organizationId: string, versionId: string, at: string): Session => ({
  id,
  organizationId,
  versionId,
  testCaseId: null,
  customId: null,
  runId: null,
  isProduction: true,
  context: null,
  metadata: null,
  status: 'COMPLETED',
  stoppingReason: 'done',
  error: null,
  finishedAt: at,
  createdAt: at,
  deletedAt: null,
  version: 0,
});

/** Ticks measured per size, each after NEW_SESSIONS more arrived; the median is reported (the first is often cold). */
const ROUNDS = Number(process.env.MONITOR_BENCH_ROUNDS ?? 7);

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Each tick's cost with `history` old production sessions and NEW_SESSIONS new ones per tick, on SQLite. */
async function tickCosts(history: number): Promise<number[]> {
  const folder = await mkdtemp(join(tmpdir(), 'assay-monitor-bench-'));
  const platform = await createPlatform({
    database: `sqlite:${join(folder, 'bench.sqlite')}`,
    config: { QUEUE_EMBEDDED_WORKER: false, MONITOR_SWEEP_SECONDS: 86_400 },
  });
  try {
    const admin = await platform.useCases.ensurePlatformAdmin.execute();
    const world = { admin: new ApiClient(await platform.listen(0), admin!.key) };
    const tenant = await createTenant(world as never);
    const product = (await tenant.owner.post('/products', { name: 'Bench' })).body;
    const version = (await tenant.owner.post('/versions', { productId: product.id, name: 'v1' })).body;
    const metric = (
      await tenant.owner.post('/metrics', { name: 'exact', source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' })
    ).body;
    const old = new Date(Date.now() - 86_400_000).toISOString();
    const ids = platform.ports.ids;
    for (let done = 0; done < history; done += 1000) {
      const batch = Array.from({ length: Math.min(1000, history - done) }, () =>
        session(ids.next('session'), tenant.organizationId, version.id, old),
      );
      await platform.ports.sessions.insertMany(batch);
    }
    await tenant.owner.post('/monitors', {
      name: 'Bench',
      productId: product.id,
      metricIds: [metric.id],
      samplingPercentage: 100,
    });
    const discover = platform.useCases.discoverMonitorSessions;
    await discover.execute(); // the first look, with nothing new
    const costs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const now = new Date().toISOString();
      await platform.ports.sessions.insertMany(
        Array.from({ length: NEW_SESSIONS }, () =>
          session(ids.next('session'), tenant.organizationId, version.id, now),
        ),
      );
      const started = performance.now();
      const report = await discover.execute();
      costs.push(performance.now() - started);
      if (report.sessionsQueued !== NEW_SESSIONS) throw new Error(`queued ${report.sessionsQueued}`);
    }
    return costs;
  } finally {
    await platform.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** `npm run bench -- monitors`: the discovery tick at 1,000 and 100,000 production sessions, same new traffic. */
export async function run(): Promise<void> {
  const sizes = (process.env.MONITOR_BENCH_SIZES ?? '1000,100000').split(',').map(Number);
  const medians: number[] = [];
  for (const size of sizes) {
    const costs = await tickCosts(size);
    medians.push(median(costs));
    process.stdout.write(
      `${size} production sessions, ${NEW_SESSIONS} new per tick: median tick ${median(costs).toFixed(1)} ms ` +
        `(${costs.map((ms) => ms.toFixed(1)).join(', ')})\n`,
    );
  }
  if (medians.length > 1)
    process.stdout.write(`ratio of medians largest/smallest: ${(medians.at(-1)! / medians[0]).toFixed(2)}\n`);
}
