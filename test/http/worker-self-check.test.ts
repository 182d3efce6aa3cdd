import test from 'ava';
import { buildContainer, closeContainer } from '../../bootstrap/container.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { startScoringWorker } from '../../bootstrap/scoring-worker.ts';
import { startServices } from '../../bootstrap/start-services.ts';
import { serveWorkerSelfCheck } from '../../bootstrap/worker-self-check.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { json, startLocalHttp } from '../support/local-http.ts';
import { TOKENS } from '../../bootstrap/tokens.ts';

const pg = (await postgresAvailable()) ? test.serial : test.skip;

const TIMEOUT_MS = 2500;
const KNOWN = new Set(['judge-known', 'generator-known']);
const model = await startLocalHttp((request, response) => {
  const known = /^\/v1\/models\/(.+)$/.exec(request.url ?? '')?.[1];
  if (known && KNOWN.has(known)) json(response, 200, { id: known, object: 'model' });
  else json(response, 404, { error: { message: 'The model does not exist' } });
});
test.after.always(() => model.close());

/** The first entry of each kind (the judge's model before the simulator's). */
const byKind = (body: any): Record<string, any> =>
  Object.fromEntries([...body.dependencies].reverse().map((entry: { kind: string }) => [entry.kind, entry]));

async function worker(judgeModel: string, startWorker: boolean, extra: Record<string, unknown> = {}) {
  const database = await createTestDatabase('postgres');
  const config = loadConfig(
    {},
    {
      DATABASE_URL: database.url,
      JUDGE_BASE_URL: `${model.url}/v1`,
      JUDGE_MODEL: judgeModel,
      SELF_CHECK_TIMEOUT_MS: TIMEOUT_MS,
      QUEUE_EMBEDDED_WORKER: false,
      LOG_LEVEL: 'silent',
      ...extra,
    },
  );
  const container = await buildContainer(config, new Date());
  await startServices(container);
  await container.getAsync(TOKENS.useCases);
  if (startWorker) await startScoringWorker(container);
  const server = await serveWorkerSelfCheck(container, config, 0);
  return {
    url: `http://127.0.0.1:${server.port}`,
    async close() {
      await server.close();
      await closeContainer(container);
      await database.drop();
    },
  };
}

pg('a running worker reports storage, queue and model ok in the service shape', async (t) => {
  const running = await worker('judge-known', true);
  t.teardown(() => running.close());
  const response = await fetch(`${running.url}/self-check`);
  t.is(response.status, 200);
  const body = (await response.json()) as any;
  t.is(body.status, 'ok', JSON.stringify(body));
  const entries = byKind(body);
  t.like(entries.storage, { status: 'ok', name: 'DATABASE_URL', severity: 'critical' });
  t.like(entries.queue, { status: 'ok' });
  t.like(entries.model, { status: 'ok', name: 'JUDGE_MODEL', resolved: `judge-known at ${model.url}/v1` });
  t.is((await fetch(`${running.url}/other`)).status, 404);
});

pg('an unknown model is incapable; a queue nobody works is timedOut; the worker has failed', async (t) => {
  const idle = await worker('judge-missing', false);
  t.teardown(() => idle.close());
  const body = (await (await fetch(`${idle.url}/self-check`)).json()) as any;
  t.is(body.status, 'failed');
  const entries = byKind(body);
  t.like(entries.storage, { status: 'ok' });
  t.like(entries.model, { status: 'failed', failure: 'incapable' });
  t.regex(entries.model.detail, /judge-missing is unknown/);
  t.like(entries.queue, { status: 'timedOut', failure: 'unavailable' });
  t.true(entries.queue.durationMs >= TIMEOUT_MS - 5);
});

/** The entry of the named model setting. */
const modelNamed = (body: any, name: string) =>
  body.dependencies.find((entry: { kind: string; name: string }) => entry.kind === 'model' && entry.name === name);

pg(
  'the simulator model is checked too: the judge’s in its place is source fallback, its own is source env',
  async (t) => {
    const fallback = await worker('judge-known', true);
    t.teardown(() => fallback.close());
    const body = (await (await fetch(`${fallback.url}/self-check`)).json()) as any;
    t.like(modelNamed(body, 'SIMULATOR_MODEL'), {
      status: 'ok',
      source: 'fallback',
      severity: 'critical',
      resolved: `judge-known at ${model.url}/v1`,
    });
    t.like(modelNamed(body, 'JUDGE_MODEL'), { status: 'ok', source: 'env' });
    t.like(byKind(body).storage, { source: 'env' });

    const own = await worker('judge-known', true, {
      SIMULATOR_BASE_URL: `${model.url}/v1`,
      SIMULATOR_MODEL: 'simulator-missing',
    });
    t.teardown(() => own.close());
    const report = (await (await fetch(`${own.url}/self-check`)).json()) as any;
    t.is(report.status, 'failed');
    t.like(modelNamed(report, 'SIMULATOR_MODEL'), { status: 'failed', failure: 'incapable', source: 'env' });
    t.regex(modelNamed(report, 'SIMULATOR_MODEL').detail, /simulator-missing is unknown/);
  },
);

/** The worker's self-check report with the given settings over the judge's. */
async function reportOf(t: { teardown(fn: () => Promise<void>): void }, extra: Record<string, unknown>) {
  const running = await worker('judge-known', true, extra);
  t.teardown(() => running.close());
  return (await (await fetch(`${running.url}/self-check`)).json()) as any;
}

pg(
  'the generation model is checked too: ok when known, incapable when unknown, absent when not configured',
  async (t) => {
    const fallback = await reportOf(t, {});
    t.is(fallback.status, 'ok', JSON.stringify(fallback));
    t.like(modelNamed(fallback, 'GENERATOR_MODEL'), {
      status: 'ok',
      source: 'fallback',
      severity: 'critical',
      resolved: `judge-known at ${model.url}/v1`,
    });

    const generatorApi = { GENERATOR_BASE_URL: `${model.url}/v1` };
    const own = await reportOf(t, { ...generatorApi, GENERATOR_MODEL: 'generator-known' });
    t.is(own.status, 'ok', JSON.stringify(own));
    t.like(modelNamed(own, 'GENERATOR_MODEL'), {
      status: 'ok',
      source: 'env',
      resolved: `generator-known at ${model.url}/v1`,
    });

    const unknown = await reportOf(t, { ...generatorApi, GENERATOR_MODEL: 'generator-missing' });
    t.is(unknown.status, 'failed');
    t.like(modelNamed(unknown, 'GENERATOR_MODEL'), { status: 'failed', failure: 'incapable', source: 'env' });
    t.regex(modelNamed(unknown, 'GENERATOR_MODEL').detail, /generator-missing is unknown/);
    t.like(modelNamed(unknown, 'JUDGE_MODEL'), { status: 'ok' });

    const withoutModel = await reportOf(t, generatorApi);
    t.like(modelNamed(withoutModel, 'GENERATOR_MODEL'), { status: 'failed', failure: 'unavailable' });
    t.regex(modelNamed(withoutModel, 'GENERATOR_MODEL').detail, /GENERATOR_BASE_URL is set without GENERATOR_MODEL/);

    const none = await reportOf(t, { JUDGE_BASE_URL: undefined, JUDGE_MODEL: undefined });
    t.is(none.status, 'ok', JSON.stringify(none));
    t.deepEqual(
      none.dependencies.filter((entry: { kind: string }) => entry.kind === 'model'),
      [],
      'no judge, simulator or generator entry without a configured model',
    );
  },
);
