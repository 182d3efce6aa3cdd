import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { createPlatform, type Platform } from '../../bootstrap/library.ts';
import { ApiClient } from '../support/api-client.ts';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import type { HttpWorld } from '../support/http-world.ts';
import { createTenant } from '../support/http-world.ts';
import { spawnWorker, stopChildren } from '../support/worker-children.ts';

/**
 * Evaluation fan-out: POST /evaluations/fromSessions over 1000 sessions × 3 deterministic metrics. Prints the
 * dispatch latency (request to response: 3000 PENDING rows and their jobs written in one transaction) and the
 * time until every evaluation is scored, as evaluations/s. SQLite runs the embedded worker inside the API
 * process; PostgreSQL runs the API without a worker and BENCH_EVAL_WORKERS separate `npm run worker` processes.
 */
const SESSIONS = Number(process.env.BENCH_EVAL_SESSIONS ?? 1000);
const WORKERS = Number(process.env.BENCH_EVAL_WORKERS ?? 2);
const CONCURRENCY = process.env.BENCH_EVAL_CONCURRENCY ?? '8';
/** Jobs per worker batch: deterministic scoring is cheap per job, so bigger batches amortise each round trip. */
const BATCH = process.env.BENCH_EVAL_BATCH ?? '100';
const DATABASES = (process.env.BENCH_EVAL_DATABASES ?? 'sqlite,postgres').split(',');

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  return spawnWorker({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: CONCURRENCY,
    QUEUE_BATCH_SIZE: BATCH,
  });
}

async function measure(name: 'sqlite' | 'postgres'): Promise<void> {
  const store: TestDatabase = await createTestDatabase(name);
  const embedded = name === 'sqlite';
  const platform: Platform = await createPlatform({
    database: store.url,
    config: {
      QUEUE_EMBEDDED_WORKER: embedded,
      WORKER_CONCURRENCY: Number(CONCURRENCY),
      QUEUE_BATCH_SIZE: Number(BATCH),
    },
  });
  const workers: ChildProcess[] = [];
  try {
    const first = (await platform.useCases.ensurePlatformAdmin.execute())!;
    const url = await platform.listen(0);
    const world = { platform, url, admin: new ApiClient(url, first.key) } as unknown as HttpWorld;
    const tenant = await createTenant(world);
    const fixture = await evaluationFixture(tenant.owner);
    await tenant.owner.post(`/specifications/${fixture.specs.a.id}/metrics`, {
      metricIds: [
        (
          await tenant.owner.post('/metrics', {
            name: 'similarity',
            source: 'DETERMINISTIC',
            algorithm: 'TEXT_SIMILARITY',
          })
        ).body.id,
      ],
    });
    const { ports } = platform;
    const scope = tenant.organizationId;
    const session = (await ports.sessions.get(scope, fixture.sessions.a.id))!;
    const result = (await ports.inferenceResults.get(scope, fixture.sessions.a.results[0].id))!;
    const base = Date.parse(session.createdAt);
    const ids = Array.from({ length: SESSIONS - 1 }, (_, index) => `session_bench_${String(index).padStart(5, '0')}`);
    await ports.sessions.insertMany(
      ids.map((id, index) => ({ ...session, id, createdAt: new Date(base + index + 1).toISOString() })),
    );
    await ports.inferenceResults.insertMany(
      ids.map((id, index) => ({
        ...result,
        id: `inferenceResult_bench_${index}`,
        sessionId: id,
        output: `Paris is the capital of France ${index % 7}`,
      })),
    );
    for (let index = 0; index < (embedded ? 0 : WORKERS); index++) workers.push(await startWorker(store.url));

    const started = performance.now();
    const response = await tenant.owner.post('/evaluations/fromSessions', { versionId: fixture.version.id });
    const dispatched = performance.now();
    if (response.status !== 200) throw new Error(`fromSessions: ${response.status} ${JSON.stringify(response.body)}`);
    const created = response.body.evaluationsCreated as number;
    const pending = () => ports.evaluations.count(scope, { where: [{ field: 'status', op: 'eq', value: 'PENDING' }] });
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const scored = performance.now();
    const success = await ports.evaluations.count(scope, { where: [{ field: 'status', op: 'eq', value: 'SUCCESS' }] });
    const rate = created / ((scored - dispatched) / 1000);
    process.stdout.write(
      `${name.padEnd(8)} sessions ${response.body.sessionsEvaluated}, evaluations ${created} (${success} SUCCESS); ` +
        `dispatch ${(dispatched - started).toFixed(0)} ms; scored in ${(scored - dispatched).toFixed(0)} ms = ${rate.toFixed(0)} evaluations/s ` +
        `(${embedded ? `embedded worker, concurrency ${CONCURRENCY}` : `${WORKERS} worker processes, concurrency ${CONCURRENCY} each`}, batches of ${BATCH})\n`,
    );
  } finally {
    await stopChildren(workers);
    await platform.close();
    await store.drop();
  }
}

export async function run(): Promise<void> {
  for (const name of DATABASES) {
    if (name === 'postgres' && !(await postgresAvailable())) {
      process.stdout.write('postgres: not reachable, skipped\n');
      continue;
    }
    await measure(name as 'sqlite' | 'postgres');
  }
}
