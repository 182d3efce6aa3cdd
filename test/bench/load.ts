import { readFileSync } from 'node:fs';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { startSpanLoad } from '../support/span-load.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';

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

/** `source`: the server under tsx from the sources instead of the compiled one `npm start` runs (`npm run build` first). */
const SERVER = process.env.LOAD_SERVER === 'source' ? 'source' : 'built';

const store = await createTestDatabase(DATABASE);
const server = await startBenchServer(store.url, SERVER, {
  nodeArguments: process.env.LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE}`] : [],
});

try {
  const { url, key } = server;
  const world = { url, admin: new ApiClient(url, key) } as HttpWorld;
  const tenant = await createTenant(world);
  const { inferenceResultId } = await createInferenceResultFor(world, tenant);
  let sampledPeak = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(server.pid, 'VmRSS'))), 250);
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
  const peak = memoryOf(server.pid, 'VmHWM');
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
  await server.stop();
  await store.drop();
}
process.exit(0);
