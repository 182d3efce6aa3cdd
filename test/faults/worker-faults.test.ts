import test, { type ExecutionContext } from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { killRunning, type RunningProcess } from '../support/processes.ts';
import {
  evaluationVersions,
  startServerProcess,
  startWorkerProcess,
  terminate,
  tracingTenant,
} from '../support/platform-processes.ts';
import { pause } from '../support/span-load.ts';

const postgres = await postgresAvailable();
test.afterEach.always(() => killRunning());

const EVALUATIONS = 12;
const CREDITS = 100;

/** Settings every process of one test shares: a slow judge (3 s a call), quick expiry of abandoned jobs. */
const settingsFor = (database: TestDatabase, model: FakeModel) => ({
  DATABASE_URL: database.url,
  JUDGE_BASE_URL: model.url,
  JUDGE_MODEL: 'judge',
  QUEUE_JOB_TIMEOUT_SECONDS: '4',
  QUEUE_MAINTENANCE_SECONDS: '1',
  QUEUE_BATCH_SIZE: '2',
  WORKER_CONCURRENCY: '2',
  LOG_LEVEL: 'info',
});

/** A tenant with CREDITS extra credits and EVALUATIONS PENDING LLM-judge evaluations (one per session). */
async function launchEvaluations(
  admin: ApiClient,
): Promise<{ owner: ApiClient; organizationId: string; ids: string[] }> {
  const tenant = await tracingTenant(admin, `Scoring ${Math.random().toString(36).slice(2, 8)}`);
  const fixture = await evaluationFixture(tenant.owner);
  await admin.patch(`/organizations/${tenant.organizationId}`, {
    remainingSubscriptionCredits: 0,
    extraCredits: CREDITS,
  });
  const sessionIds: string[] = [];
  for (let index = 0; index < EVALUATIONS; index++) {
    const session = (
      await tenant.owner.post('/sessions', { versionId: fixture.version.id, testCaseId: fixture.testCases.a.id })
    ).body;
    await tenant.owner.post('/inferenceResults', {
      sessionId: session.id,
      input: `question ${index}`,
      output: 'answer',
    });
    sessionIds.push(session.id);
  }
  const launched = await tenant.owner.post('/evaluations/fromSessions', {
    sessionIds,
    metrics: [{ id: fixture.metrics.llm.id }],
  });
  if (launched.body.evaluationsCreated !== EVALUATIONS) throw new Error(JSON.stringify(launched.body));
  const listed = (await tenant.owner.get('/evaluations', { sessionIds, limit: 1000 })).body;
  return {
    owner: tenant.owner,
    organizationId: tenant.organizationId,
    ids: listed.map((row: { id: string }) => row.id),
  };
}

/** Every evaluation final and written once after creation; the organization charged once per evaluation. */
async function assertScoredOnce(
  t: ExecutionContext,
  database: TestDatabase,
  launched: Awaited<ReturnType<typeof launchEvaluations>>,
) {
  const final = await settled(launched.owner, { ids: launched.ids }, 90_000);
  t.is(final.length, EVALUATIONS);
  t.true(
    final.every((evaluation) => evaluation.status === 'SUCCESS' && evaluation.creditsUsed === 1),
    JSON.stringify(final.map((evaluation) => [evaluation.status, evaluation.error])),
  );
  t.deepEqual(
    await evaluationVersions(database.url, launched.organizationId),
    Array(EVALUATIONS).fill(1),
    'each evaluation was written exactly once after its creation',
  );
  const credits = await launched.owner.get(`/organizations/${launched.organizationId}/creditStatus`);
  t.is(credits.body.extraCredits, CREDITS - EVALUATIONS, 'charged once per evaluation');
}

const until = async (condition: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await pause(25);
  }
};

test.serial(
  '[sqlite] the server (embedded worker) SIGKILLed mid-job: after a restart every evaluation is final exactly once, credits charged once',
  async (t) => {
    t.timeout(150_000);
    const database = await createTestDatabase('sqlite');
    const model = await startFakeModel(() => 'slow');
    let server: RunningProcess | undefined;
    try {
      const first = await startServerProcess(settingsFor(database, model));
      server = first.process;
      const launched = await launchEvaluations(first.admin);
      await until(() => model.requests.length >= 1);
      first.process.child.kill('SIGKILL');
      await first.process.exited();
      const second = await startServerProcess(settingsFor(database, model));
      server = second.process;
      await assertScoredOnce(t, database, { ...launched, owner: new ApiClient(second.url, launched.owner.key) });
      t.true(model.requests.length >= EVALUATIONS);
      t.is(await terminate(second.process), 0);
    } finally {
      if (server) await terminate(server);
      await model.close();
      await database.drop();
    }
  },
);

interface Deployment {
  readonly database: TestDatabase;
  readonly model: FakeModel;
  readonly settings: Record<string, string>;
  readonly admin: ApiClient;
  /** Processes the test starts; every one is stopped afterwards. */
  readonly processes: RunningProcess[];
}

/** A fresh PostgreSQL database, the slow model and an API process without a worker, torn down after `run`. */
async function onPostgres(run: (deployment: Deployment) => Promise<void>): Promise<void> {
  const database = await createTestDatabase('postgres');
  const model = await startFakeModel(() => 'slow');
  const processes: RunningProcess[] = [];
  try {
    const settings = settingsFor(database, model);
    const api = await startServerProcess({ ...settings, QUEUE_EMBEDDED_WORKER: 'false' });
    processes.push(api.process);
    await run({ database, model, settings, admin: api.admin, processes });
  } finally {
    for (const running of processes) await terminate(running);
    await model.close();
    await database.drop();
  }
}

(postgres ? test.serial : test.skip)(
  '[postgres] a worker SIGKILLed mid-job: another worker takes its jobs; every evaluation final exactly once, credits charged once',
  async (t) => {
    t.timeout(150_000);
    await onPostgres(async ({ database, model, settings, admin, processes }) => {
      const doomed = await startWorkerProcess(settings);
      processes.push(doomed);
      const launched = await launchEvaluations(admin);
      await until(() => model.requests.length >= 1);
      doomed.child.kill('SIGKILL');
      await doomed.exited();
      processes.push(await startWorkerProcess(settings));
      await assertScoredOnce(t, database, launched);
    });
  },
);

(postgres ? test.serial : test.skip)(
  '[postgres] at the default queue settings the jobs of a SIGKILLed worker come back well under two minutes (heartbeats)',
  async (t) => {
    t.timeout(240_000);
    await onPostgres(async ({ database, model, settings, admin, processes }) => {
      // The defaults: QUEUE_JOB_TIMEOUT_SECONDS 300, QUEUE_MAINTENANCE_SECONDS 30, QUEUE_HEARTBEAT_SECONDS 30.
      const { QUEUE_JOB_TIMEOUT_SECONDS, QUEUE_MAINTENANCE_SECONDS, ...defaults } = settings;
      const doomed = await startWorkerProcess(defaults);
      processes.push(doomed);
      const launched = await launchEvaluations(admin);
      await until(() => model.requests.length >= 1);
      doomed.child.kill('SIGKILL');
      await doomed.exited();
      const killedAt = Date.now();
      const successor = await startWorkerProcess(defaults);
      processes.push(successor);
      const recovering = setInterval(async () => {
        const listed = (await launched.owner.get('/evaluations', { ids: launched.ids })).body as { status: string }[];
        const pending = listed.filter((evaluation) => evaluation.status === 'PENDING').length;
        t.log(`${Math.round((Date.now() - killedAt) / 1000)} s after the kill: ${pending} PENDING`);
      }, 10_000);
      t.teardown(() => clearInterval(recovering));
      // Scored exactly once within 110 s of the kill: the abandoned jobs expired ~30 s after their last heartbeat
      // (plus up to one maintenance interval) instead of after the 300 s job timeout.
      const final = await settled(launched.owner, { ids: launched.ids }, 110_000);
      clearInterval(recovering);
      t.log(`recovered ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
      t.true(final.every((evaluation) => evaluation.status === 'SUCCESS'));
      await assertScoredOnce(t, database, launched);
    });
  },
);

(postgres ? test.serial : test.skip)(
  '[postgres] npm run worker on SIGTERM takes no new jobs, finishes the running ones, logs "stopped" and exits 0; jobs over the grace are handed back',
  async (t) => {
    t.timeout(150_000);
    await onPostgres(async ({ database, model, settings, admin, processes }) => {
      const patient = await startWorkerProcess({ ...settings, SHUTDOWN_GRACE_MS: '15000' });
      processes.push(patient);
      const launched = await launchEvaluations(admin);
      await until(() => model.requests.length >= 1);
      const asked = model.requests.length;
      const stoppedAt = Date.now();
      t.is(await terminate(patient), 0);
      t.regex(patient.output(), /"msg":"stopped"/);
      t.true(Date.now() - stoppedAt >= 1500, 'it waited for the judge calls in flight');
      const afterFirst = (await launched.owner.get('/evaluations', { ids: launched.ids })).body;
      const finished = afterFirst.filter((evaluation: { status: string }) => evaluation.status === 'SUCCESS').length;
      t.true(finished >= 1 && finished <= asked + 4, `finished ${finished} of ${asked} asked`);
      t.true(finished < EVALUATIONS, 'no new jobs after SIGTERM');

      const hasty = await startWorkerProcess({ ...settings, SHUTDOWN_GRACE_MS: '500' });
      processes.push(hasty);
      const before = model.requests.length;
      await until(() => model.requests.length > before);
      const hastyStoppedAt = Date.now();
      t.is(await terminate(hasty), 0);
      t.regex(hasty.output(), /"msg":"stopped"/);
      t.true(Date.now() - hastyStoppedAt < 3000, 'the grace bounds the wait');

      processes.push(await startWorkerProcess(settings));
      await assertScoredOnce(t, database, launched);
    });
  },
);
