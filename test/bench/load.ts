import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { startSpanLoad } from '../support/span-load.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';
import { freePort, ROOT, SERVER_HEAP } from '../support/processes.ts';

/**
 * `npm run load`: N kept-alive connections post batches of 1 KB spans for T seconds to the platform running in its
 * own process on a fresh database, then counts what was acknowledged against what is stored, and reports the
 * server's resident memory (sampled, and its peak). Bounded: it stops after T seconds and exits.
 */
const DATABASE = (process.env.LOAD_DATABASE ?? 'sqlite') as 'sqlite' | 'postgres';
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const BATCH = Number(process.env.LOAD_BATCH ?? 100);

const OUTPUT = 'Your order ships today from the central warehouse and should arrive within two working days. '
  .repeat(4)
  .slice(0, 300);
const NOTE = 'Answered from the order database; the customer was told the delivery window and offered tracking. '
  .repeat(3)
  .slice(0, 200);

const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

/** `built`: the compiled package's server (`npm run build` first), as a deployment runs it, instead of tsx. */
const SERVER = process.env.LOAD_SERVER ?? 'source';
const BUILT_ADMIN_KEY = `assay_${'LoadBuiltServer'.repeat(3)}`;
/** The server's Node options: the heap `npm start` gives it (the load measures what is deployed), a profile if asked. */
const HEAP = [
  ...SERVER_HEAP,
  ...(process.env.LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE}`] : []),
];

const store = await createTestDatabase(DATABASE);
const port = SERVER === 'built' ? await freePort() : 0;
const child =
  SERVER === 'built'
    ? spawn(process.execPath, [...HEAP, `${ROOT}/dist/bootstrap/server.js`], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          DATABASE_URL: store.url,
          PORT: String(port),
          HOST: '127.0.0.1',
          ASSAY_ADMIN_API_KEY: BUILT_ADMIN_KEY,
          LOG_LEVEL: 'warn',
        },
      })
    : spawn(
        process.execPath,
        [...HEAP, '--import', 'tsx', fileURLToPath(new URL('./span-server.ts', import.meta.url)), store.url],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );

/** The server's URL and admin key, once it answers. */
async function serverReady(): Promise<{ url: string; key: string }> {
  if (SERVER !== 'built') {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    return JSON.parse(line) as { url: string; key: string };
  }
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(`${url}/ready`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return { url, key: BUILT_ADMIN_KEY };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the built server did not become ready in 30 s (run npm run build first)');
}

try {
  const { url, key } = await serverReady();
  const world = { url, admin: new ApiClient(url, key) } as HttpWorld;
  const tenant = await createTenant(world);
  const { inferenceResultId } = await createInferenceResultFor(world, tenant);
  let sampledPeak = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(child.pid!, 'VmRSS'))), 250);
  const started = performance.now();
  const load = startSpanLoad({
    url,
    key: tenant.member.key!,
    inferenceResultId,
    clients: CONNECTIONS,
    spansPerBatch: BATCH,
    label: 'load',
    content: {
      type: 'GENERATION',
      inputData: { prompt: 'Where is order 1042?', customer: 'c-1042', locale: 'en-GB' },
      outputData: OUTPUT,
      latencyMs: 120,
      metadata: { model: 'gpt-x', temperature: 0.2, inputTokens: 180, outputTokens: 64, note: NOTE },
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-01-01T00:00:00.120Z',
    },
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const outcome = await load.stop();
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = memoryOf(child.pid!, 'VmHWM');
  const database = openDatabase(store.url);
  const [[{ stored }]] = (await database.sequelize.query(
    'SELECT COUNT(*) AS stored FROM spans WHERE organization_id = $1',
    { bind: [tenant.organizationId] },
  )) as unknown as [[{ stored: number | string }]];
  await database.sequelize.close();
  const acknowledged = outcome.acknowledged.length;
  process.stdout.write(
    `${[
      `${DATABASE}: ${CONNECTIONS} connections × ${SECONDS} s, batches of ${BATCH} spans of about 1 KB`,
      `  answers ${JSON.stringify(outcome.statuses)}, transport failures ${outcome.broken.length}, refused ${outcome.refused}`,
      `  acknowledged ${acknowledged} spans (${Math.round(acknowledged / elapsed)} spans/s), stored ${Number(stored)}${Number(stored) >= acknowledged ? '' : '  ← LOST ACKNOWLEDGED SPANS'}`,
      `  server RSS: peak ${peak} MB (sampled max ${sampledPeak} MB)`,
      ...outcome.unexpected.slice(0, 3).map((answer) => `  unexpected: ${answer}`),
    ].join('\n')}\n`,
  );
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
  await store.drop();
}
process.exit(0);
