import test from 'ava';
import { spawn } from 'node:child_process';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
import { killRunning, ROOT, type RunningProcess } from '../support/processes.ts';
import {
  evaluationVersions,
  PRESET_ADMIN_KEY,
  startServerProcess,
  startWorkerProcess,
  terminate,
  tracingTenant,
} from '../support/platform-processes.ts';
import { startRoundRobinProxy } from '../support/round-robin-proxy.ts';

const postgres = await postgresAvailable();
test.afterEach.always(() => killRunning());

/** The HTTP suites that run unchanged against the scaled-out deployment, through the proxy. */
const SUITES = [
  'test/http/tracing-sessions.test.ts',
  'test/http/tracing-spans.test.ts',
  'test/http/otel.test.ts',
  'test/http/evaluations.test.ts',
];

/** Runs ava on the suites with the external deployment configured; answers its exit code and output. */
function runSuites(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['node_modules/ava/entrypoints/cli.mjs', ...SUITES], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

(postgres ? test.serial : test.skip)(
  '[postgres] 2 API processes and 2 workers behind a round-robin proxy: the tracing and evaluation suites pass, nothing is scored twice, a revoked key stops on both API processes at once',
  async (t) => {
    t.timeout(600_000);
    const database = await createTestDatabase('postgres');
    const processes: RunningProcess[] = [];
    const settings = {
      DATABASE_URL: database.url,
      QUEUE_EMBEDDED_WORKER: 'false',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
    };
    try {
      const apis = [await startServerProcess(settings), await startServerProcess(settings)];
      processes.push(...apis.map((api) => api.process));
      for (let index = 0; index < 2; index++) processes.push(await startWorkerProcess(settings));
      const proxy = await startRoundRobinProxy(apis.map((api) => api.url));
      try {
        const suites = await runSuites({
          ASSAY_TEST_API_URL: proxy.url,
          ASSAY_TEST_ADMIN_KEY: PRESET_ADMIN_KEY,
          ASSAY_TEST_DATABASE_URL: database.url,
        });
        t.log(/\d+ tests? passed.*|\d+ tests? failed.*/g.exec(suites.output)?.[0] ?? 'no summary');
        t.is(suites.code, 0, suites.output.slice(-6000));

        // Many deterministic evaluations over both workers: each written once after its creation.
        const admin = new ApiClient(proxy.url, PRESET_ADMIN_KEY);
        const tenant = await tracingTenant(admin, 'Scaled out');
        const fixture = await evaluationFixture(tenant.owner);
        const sessions = 40;
        for (let index = 0; index < sessions; index++) {
          const session = await tenant.owner.post('/sessions', {
            versionId: fixture.version.id,
            testCaseId: fixture.testCases.a.id,
          });
          await tenant.owner.post('/inferenceResults', { sessionId: session.body.id, input: 'Q', output: 'A' });
        }
        const launched = await tenant.owner.post('/evaluations/fromSessions', {
          versionId: fixture.version.id,
          metrics: [{ id: fixture.metrics.exact.id }, { id: fixture.metrics.rouge.id }],
        });
        t.is(launched.status, 200, JSON.stringify(launched.body));
        const expected = launched.body.evaluationsCreated as number;
        t.true(expected >= sessions * 2);
        const final = await settled(tenant.owner, { versionIds: fixture.version.id }, 120_000);
        t.is(final.length, expected);
        t.deepEqual(
          await evaluationVersions(database.url, tenant.organizationId),
          Array(expected).fill(1),
          'no evaluation was scored twice',
        );

        // A key revoked through one API process is refused by both at once.
        const issued = await tenant.owner.post('/apiKeys', { userId: tenant.userId, name: 'to revoke' });
        t.is(issued.status, 201);
        const direct = apis.map((api) => new ApiClient(api.url, issued.body.key));
        t.deepEqual(
          await Promise.all(direct.map(async (client) => (await client.get('/auth/user')).status)),
          [200, 200],
        );
        t.is((await tenant.owner.delete(`/apiKeys/${issued.body.id}`)).status, 200);
        t.deepEqual(
          await Promise.all(direct.map(async (client) => (await client.get('/auth/user')).status)),
          [401, 401],
        );
        t.true(
          proxy.counts.every((count) => count > 100),
          `both API processes served: ${proxy.counts}`,
        );
      } finally {
        await proxy.close();
      }
    } finally {
      for (const running of processes) await terminate(running);
      await database.drop();
    }
  },
);
