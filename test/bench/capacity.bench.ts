import pg from 'pg';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import { startFakeModel } from '../support/fake-model.ts';
import {
  PRESET_ADMIN_KEY,
  startServerProcess,
  startWorkerProcess,
  terminate,
  tracingTenant,
} from '../support/platform-processes.ts';
import { cpuSeconds, postgresBackends, totalCpuSeconds } from '../support/process-cpu.ts';
import type { RunningProcess } from '../support/processes.ts';
import { send } from '../support/span-load.ts';
import { Agent } from 'node:http';

/**
 * The capacity model's inputs, on PostgreSQL: CPU seconds per 1000 spans and per 1000 evaluations spent by the API
 * process, the worker process and PostgreSQL's own processes, and the rows and transactions the database writes per
 * span and per evaluation. One API process and one worker, as a deployment runs them; CPU from /proc, database
 * work from pg_stat_database. Figures are per unit of work, so they hold however busy the machine is.
 */
const SPAN_BATCHES = Number(process.env.BENCH_CAPACITY_SPAN_BATCHES ?? 40);
const SPANS_PER_BATCH = 500;
const CLIENTS = 4;
const SESSIONS = Number(process.env.BENCH_CAPACITY_SESSIONS ?? 250);

interface Sample {
  readonly api: number;
  readonly worker: number;
  readonly database: number;
  readonly rows: number;
  readonly transactions: number;
  /** Bytes of the spans table with its indexes and TOAST. */
  readonly spanBytes: number;
  readonly at: number;
}

/** CPU so far of the API process, the worker and the database's server processes, and the database's write counters. */
async function sample(database: TestDatabase, api: RunningProcess, worker: RunningProcess): Promise<Sample> {
  const url = new URL(database.url);
  const name = url.pathname.slice(1);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: string; transactions: string }>(
      `SELECT tup_inserted + tup_updated + tup_deleted AS rows, xact_commit AS transactions
       FROM pg_stat_database WHERE datname = $1`,
      [name],
    );
    const size = await client.query<{ bytes: string }>("SELECT pg_total_relation_size('spans') AS bytes");
    return {
      spanBytes: Number(size.rows[0].bytes),
      api: await cpuSeconds(api.child.pid!),
      worker: await cpuSeconds(worker.child.pid!),
      database: await totalCpuSeconds(await postgresBackends(database.url)),
      rows: Number(rows[0].rows),
      transactions: Number(rows[0].transactions),
      at: performance.now(),
    };
  } finally {
    await client.end();
  }
}

/**
 * pg_stat_database counts a backend's writes only once it reports them, within about 10 s of going idle: the end of a
 * phase takes its CPU figures at once and its write counters once they are in.
 */
async function endOf(phase: () => Promise<Sample>): Promise<Sample> {
  const cpu = await phase();
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const counters = await phase();
  return { ...cpu, rows: counters.rows, transactions: counters.transactions, spanBytes: counters.spanBytes };
}

/** Waits until none of the evaluations is PENDING, asking twice a second (the API's CPU counts). */
async function scored(owner: ApiClient, query: Record<string, string | string[]>): Promise<void> {
  for (;;) {
    const pending = await owner.get('/evaluations', { ...query, statuses: 'PENDING', limit: 1 });
    if (pending.status !== 200) throw new Error(JSON.stringify(pending.body));
    if (pending.body.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function report(label: string, units: number, unitName: string, before: Sample, after: Sample): void {
  const per1000 = (value: number) => ((value * 1000) / units).toFixed(3);
  process.stdout.write(
    `${label}: ${units} ${unitName} in ${((after.at - before.at) / 1000).toFixed(1)} s; CPU s per 1000 ${unitName}: ` +
      `API ${per1000(after.api - before.api)}, worker ${per1000(after.worker - before.worker)}, ` +
      `PostgreSQL ${per1000(after.database - before.database)}; per ${unitName.replace(/s$/, '')}: ` +
      `${((after.rows - before.rows) / units).toFixed(2)} rows written, ` +
      `${((after.transactions - before.transactions) / units).toFixed(3)} transactions` +
      (after.spanBytes > before.spanBytes
        ? `, ${Math.round((after.spanBytes - before.spanBytes) / units)} bytes stored (table, indexes, TOAST)`
        : '') +
      '\n',
  );
}

/** About 1 KB of JSON per span: messages in, an answer out, model metadata. */
function spans(inferenceResultId: string, label: string) {
  return Array.from({ length: SPANS_PER_BATCH }, (_, index) => ({
    id: `trace_${label}_${index}`,
    inferenceResultId,
    name: `chat step ${index}`,
    type: 'GENERATION',
    inputData: { messages: [{ role: 'user', content: `Where is order ${index}? `.repeat(8) }] },
    outputData: { text: `Order ${index} ships today from the central warehouse. `.repeat(5) },
    metadata: { model: 'gpt-x', usage: { inputTokens: 180, outputTokens: 64 }, note: 'n'.repeat(200) },
    latencyMs: 120,
  }));
}

async function spanPhase(url: string, key: string, inferenceResultId: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  let next = 0;
  let stored = 0;
  const client = async () => {
    while (next < SPAN_BATCHES) {
      const body = JSON.stringify({ traces: spans(inferenceResultId, `capacity_${next++}`) });
      const answer = await send(
        agent,
        `${url}/traces/batch?includeRejected=true`,
        'POST',
        { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      );
      if (answer.status !== 201) throw new Error(`span batch: ${answer.status} ${answer.body.slice(0, 200)}`);
      stored += (JSON.parse(answer.body) as { created: unknown[] }).created.length;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  agent.destroy();
  return stored;
}

/** Sessions of one version, each with a test case and one turn, ready for evaluation. */
async function sessionsFor(owner: ApiClient, fixture: Awaited<ReturnType<typeof evaluationFixture>>) {
  for (let index = 0; index < SESSIONS; index++) {
    const session = await owner.post('/sessions', {
      versionId: fixture.version.id,
      testCaseId: fixture.testCases.a.id,
    });
    await owner.post('/inferenceResults', { sessionId: session.body.id, input: `Q${index}`, output: 'Paris' });
  }
}

async function evaluationPhase(
  label: string,
  owner: ApiClient,
  fixture: Awaited<ReturnType<typeof evaluationFixture>>,
  metricIds: string[],
  measure: () => Promise<Sample>,
): Promise<void> {
  const before = await measure();
  const launched = await owner.post('/evaluations/fromSessions', {
    versionId: fixture.version.id,
    metrics: metricIds.map((id) => ({ id })),
  });
  if (launched.status !== 200) throw new Error(JSON.stringify(launched.body));
  await scored(owner, { versionIds: fixture.version.id, metricIds });
  const after = await endOf(measure);
  report(`${label}, dispatch and scoring`, launched.body.evaluationsCreated, 'evaluations', before, after);
}

export async function run(): Promise<void> {
  if (!(await postgresAvailable())) {
    process.stdout.write('PostgreSQL is not reachable: the capacity benchmark needs it\n');
    return;
  }
  const database = await createTestDatabase('postgres');
  const model = await startFakeModel(() => 'ok');
  const settings = {
    DATABASE_URL: database.url,
    QUEUE_EMBEDDED_WORKER: 'false',
    LOG_LEVEL: 'warn',
    JUDGE_BASE_URL: model.url,
    JUDGE_MODEL: 'judge',
  };
  const processes: RunningProcess[] = [];
  try {
    const api = await startServerProcess(settings);
    processes.push(api.process);
    const worker = await startWorkerProcess(settings);
    processes.push(worker);
    const measure = () => sample(database, api.process, worker);
    const admin = new ApiClient(api.url, PRESET_ADMIN_KEY);
    const tenant = await tracingTenant(admin, 'Capacity');
    await admin.patch(`/organizations/${tenant.organizationId}`, { extraCredits: 1_000_000 });

    const fixture = await evaluationFixture(tenant.owner);
    await sessionsFor(tenant.owner, fixture);
    await new Promise((resolve) => setTimeout(resolve, 11_000));

    const beforeSpans = await measure();
    const stored = await spanPhase(api.url, tenant.key, tenant.inferenceResultId);
    report(
      'span ingestion (1 KB spans, batches of 500, 4 clients)',
      stored,
      'spans',
      beforeSpans,
      await endOf(measure),
    );

    await evaluationPhase(
      'deterministic scoring (EXACT_MATCH, ROUGE_L)',
      tenant.owner,
      fixture,
      [fixture.metrics.exact.id, fixture.metrics.rouge.id],
      measure,
    );
    await evaluationPhase(
      'LLM-judge scoring (local fake model)',
      tenant.owner,
      fixture,
      [fixture.metrics.llm.id],
      measure,
    );
  } finally {
    for (const running of processes) await terminate(running);
    await model.close();
    await database.drop();
  }
}
