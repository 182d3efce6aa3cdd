import type { ChildProcess } from 'node:child_process';
import test, { type ExecutionContext } from 'ava';
import type { ApiClient } from '../support/api-client.ts';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { createTenant, startWorld, type HttpWorld } from '../support/http-world.ts';
import { postgresAvailable } from '../support/databases.ts';
import { spawnWorker, stopChildren } from '../support/worker-children.ts';

const available = await postgresAvailable();
const queueSettings = {
  QUEUE_JOB_TIMEOUT_SECONDS: 2,
  QUEUE_MAINTENANCE_SECONDS: 1,
  JUDGE_MODEL: 'judge',
  JUDGE_TIMEOUT_MS: 60_000,
};

function startWorker(databaseUrl: string, judgeUrl: string): Promise<ChildProcess> {
  return spawnWorker(
    {
      DATABASE_URL: databaseUrl,
      JUDGE_BASE_URL: judgeUrl,
      LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? 'silent',
      WORKER_CONCURRENCY: '1',
      ...Object.fromEntries(Object.entries(queueSettings).map(([key, value]) => [key, String(value)])),
    },
    { echo: Boolean(process.env.WORKER_LOG_LEVEL) },
  );
}

/** One evaluation of a session by the LLM-judge metric, launched through the API: its id. */
async function launchJudgedEvaluation(t: ExecutionContext, owner: ApiClient): Promise<string> {
  const fixture = await evaluationFixture(owner);
  const launched = await owner.post('/evaluations/fromSession', {
    sessionId: fixture.sessions.a.id,
    metrics: [{ id: fixture.metrics.llm.id }],
  });
  t.is(launched.status, 201);
  return launched.body[0].id as string;
}

const until = async (condition: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

(available ? test : test.skip)(
  '[postgres] a worker killed mid-job: the job is retried by another worker and the evaluation is scored exactly once',
  async (t) => {
    t.timeout(90_000);
    const model: FakeModel = await startFakeModel((_, index) => (index === 0 ? 'hang' : 'ok'));
    const world: HttpWorld = await startWorld('postgres', {
      ...queueSettings,
      JUDGE_BASE_URL: model.url,
      QUEUE_EMBEDDED_WORKER: false,
    });
    const workers: ChildProcess[] = [];
    try {
      const databaseUrl = world.platform.config.DATABASE_URL;
      workers.push(await startWorker(databaseUrl, model.url));
      const tenant = await createTenant(world);
      await world.admin.patch(`/organizations/${tenant.organizationId}`, {
        remainingSubscriptionCredits: 0,
        extraCredits: 5,
      });
      const id = await launchJudgedEvaluation(t, tenant.owner);

      await until(() => model.requests.length === 1);
      workers[0].kill('SIGKILL');
      await new Promise((resolve) => workers[0].once('exit', resolve));
      t.is((await tenant.owner.get(`/evaluations/${id}`)).body.status, 'PENDING');

      workers.push(await startWorker(databaseUrl, model.url));
      const [scored] = await settled(tenant.owner, { ids: id }, 60_000);
      t.like(scored, { status: 'SUCCESS', score: 0.8, creditsUsed: 1 });
      t.is(model.requests.length, 2);
      t.like((await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body, {
        extraCredits: 4,
      });
      const stored = await world.platform.ports.evaluations.get(tenant.organizationId, id);
      t.is(stored?.version, 1, 'written once after creation');
      await new Promise((resolve) => setTimeout(resolve, 3000));
      t.is(model.requests.length, 2, 'no further delivery after the job completed');
      t.is((await world.platform.ports.evaluations.get(tenant.organizationId, id))?.version, 1);
    } finally {
      await stopChildren(workers);
      await world.close();
      await model.close();
    }
  },
);

(available ? test : test.skip)(
  '[postgres] a job that times out on its last attempt is given up: the evaluation ends FAILED with the reason, once',
  async (t) => {
    t.timeout(90_000);
    const model: FakeModel = await startFakeModel(() => 'hang');
    const world: HttpWorld = await startWorld('postgres', {
      ...queueSettings,
      QUEUE_RETRY_LIMIT: 0,
      JUDGE_BASE_URL: model.url,
      SHUTDOWN_GRACE_MS: 500,
    });
    try {
      const tenant = await createTenant(world);
      const id = await launchJudgedEvaluation(t, tenant.owner);
      await until(() => model.requests.length === 1);
      const [given] = await settled(tenant.owner, { ids: id }, 60_000);
      t.like(given, { status: 'FAILED', score: null });
      t.regex(given.error, /ran past QUEUE_JOB_TIMEOUT_SECONDS/);
      const version = (await world.platform.ports.evaluations.get(tenant.organizationId, id))?.version;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      t.is(model.requests.length, 1, 'not retried: its one attempt was its last');
      t.is((await world.platform.ports.evaluations.get(tenant.organizationId, id))?.version, version, 'ended once');
    } finally {
      await world.close();
      await model.close();
    }
  },
);
