import { createPlatform } from '../../bootstrap/library.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase } from '../support/databases.ts';
import { inferenceGenerationScene, launchEnded } from '../support/inference-generation-scene.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * From-version throughput: POST /evaluations/fromVersion over BENCH_GEN_TEST_CASES single-turn test cases against a
 * local product that answers in 50 ms (in a process of its own), with a connection of maxConcurrency 8, on SQLite with
 * the embedded worker.
 * Prints the wall time from the request to the launch's end (calls and scoring) against the ideal
 * test cases × 50 ms / 8, as a ratio (1.00 is the ideal).
 */
const TEST_CASES = Number(process.env.BENCH_GEN_TEST_CASES ?? 200);
const ANSWER_MS = 50;
const CONCURRENCY = 8;

/** The product in a process of its own (`slow-product.ts`): its URL, and how to stop it. */
async function startSlowProduct(answerMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./slow-product.ts', import.meta.url)), String(answerMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export async function run(): Promise<void> {
  const product = await startSlowProduct(ANSWER_MS);
  const store = await createTestDatabase('sqlite');
  const platform = await createPlatform({
    database: store.url,
    config: { ASSAY_SECRET_KEY: 'b'.repeat(64), ENDPOINT_ALLOW_PRIVATE_NETWORKS: true, RATE_LIMIT_PER_MINUTE: 0 },
  });
  try {
    const admin = await platform.useCases.ensurePlatformAdmin.execute();
    const url = await platform.listen(0);
    const world = { admin: new ApiClient(url, admin?.key) } as HttpWorld;
    const { owner } = await createTenant(world);
    const messages = Array.from({ length: TEST_CASES }, (_, index) => `question ${index}`);
    const scene = await inferenceGenerationScene(owner, `${product.url}/answer`, {
      messages,
      connection: { maxConcurrency: CONCURRENCY, retries: 0 },
    });
    const started = performance.now();
    const loopBefore = performance.eventLoopUtilization();
    const cpuBefore = process.cpuUsage();
    const launched = (await owner.post('/evaluations/fromVersion', { versionId: scene.version.id })).body;
    const { launch } = await launchEnded(owner, launched.runId, launched.launchId, 120_000);
    const wall = performance.now() - started;
    const loop = performance.eventLoopUtilization(loopBefore);
    const cpu = process.cpuUsage(cpuBefore);
    const ideal = (TEST_CASES * ANSWER_MS) / CONCURRENCY;
    const calls = (await (await fetch(`${product.url}/stats`)).json()) as { first: number; last: number; peak: number };
    const startedAt = performance.timeOrigin + started;
    // The phases: from the request to the first product call (planning the launch), the calls themselves (their
    // ratio to the ideal is the goal), and from the last answer to the launch's end (the last scoring and
    // settling, seen by polling the run every 50 ms).
    const setup = calls.first - startedAt;
    const calling = calls.last - calls.first;
    const scoring = startedAt + wall - calls.last;
    console.log(
      `sqlite: ${TEST_CASES} test cases, ${launch.progress.sessionsDone} sessions, ` +
        `${launch.progress.evaluationsCreated} evaluations scored; wall ${wall.toFixed(0)} ms, ` +
        `ideal ${ideal.toFixed(0)} ms (${TEST_CASES} × ${ANSWER_MS} ms / ${CONCURRENCY}), ratio ${(wall / ideal).toFixed(2)}\n` +
        `  setup ${setup.toFixed(0)} ms (request to first product call), calls ${calling.toFixed(0)} ms ` +
        `(first call to last answer, ratio ${(calling / ideal).toFixed(2)}, at most ${calls.peak} at once), ` +
        `scoring ${scoring.toFixed(0)} ms (last answer to the launch's end); ` +
        `ratio of wall minus scoring ${((wall - scoring) / ideal).toFixed(2)}; event loop busy ${(loop.utilization * 100).toFixed(0)}%, ` +
        `process CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
  } finally {
    await platform.close();
    await store.drop();
    await product.close();
  }
}
