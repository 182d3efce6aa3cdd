import type { TestFn } from 'ava';
import type { Config } from '../../bootstrap/config.ts';
import type { ApiClient } from './api-client.ts';
import { startFakeModel } from './fake-model.ts';
import { createTenant, databaseWorlds, type HttpWorld, type Tenant } from './http-world.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';

async function created(client: ApiClient, path: string, body: unknown): Promise<any> {
  const response = await client.post(path, body);
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A tenant with a product, a version and metrics of every source, for monitor tests. */
export async function monitorScene(world: HttpWorld) {
  const tenant: Tenant = await createTenant(world);
  const suffix = Math.random().toString(36).slice(2, 8);
  const product = await created(tenant.owner, '/products', { name: `Monitored ${suffix}` });
  const version = await created(tenant.owner, '/versions', { productId: product.id, name: 'v1' });
  const metric = (name: string, body: Record<string, unknown>) =>
    created(tenant.owner, '/metrics', { name: `${name} ${suffix}`, ...body });
  const judged = (name: string, mode: string) =>
    metric(name, {
      source: 'LLM_JUDGE',
      judgePrompt: `MODE:${mode} Is it right?`,
      evaluationParams: ['input', 'actualOutput'],
    });
  const metrics = {
    llm: await judged('llm', 'ok'),
    garbage: await judged('garbage', 'garbage'),
    human: await metric('human', { source: 'HUMAN', judgePrompt: 'Polite?' }),
    selfHosted: await metric('self', { source: 'SELF_HOSTED' }),
  };
  /** A session with one turn: production unless told; COMPLETED, FAILED or left PENDING. */
  const session = async (
    input: string,
    options: { production?: boolean; end?: 'complete' | 'fail' | 'none'; versionId?: string } = {},
  ) => {
    const record = await created(tenant.member, '/sessions', {
      versionId: options.versionId ?? version.id,
      isProduction: options.production ?? true,
    });
    await created(tenant.member, '/inferenceResults', { sessionId: record.id, input, output: `Answer to ${input}` });
    const end = options.end ?? 'complete';
    if (end !== 'none')
      await created(
        tenant.member,
        `/sessions/${record.id}/finish`,
        end === 'complete' ? { stoppingReason: 'done' } : { error: 'crashed' },
      );
    return record.id as string;
  };
  const monitor = (body: Record<string, unknown>) =>
    created(tenant.owner, '/monitors', {
      name: `Monitor ${Math.random().toString(36).slice(2, 8)}`,
      productId: product.id,
      metricIds: [metrics.llm.id],
      samplingPercentage: 100,
      ...body,
    });
  return { tenant, product, version, metrics, session, monitor };
}

/** The monitor's evaluations once none is PENDING. */
export async function monitorEvaluations(client: ApiClient, monitorId: string, timeoutMs = 20_000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get('/evaluations', { monitorIds: monitorId, limit: 1000 });
    if (response.status !== 200) throw new Error(`evaluations: ${response.status} ${JSON.stringify(response.body)}`);
    if (!response.body.some((evaluation: { status: string }) => evaluation.status === 'PENDING')) return response.body;
    if (Date.now() > deadline) throw new Error(`still PENDING: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls the monitor until `check` holds (scoring settles the monitor after the evaluations are written). */
export async function monitorWhen(client: ApiClient, id: string, check: (monitor: any) => boolean): Promise<any> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const monitor = (await client.get(`/monitors/${id}`)).body;
    if (check(monitor) || Date.now() > deadline) return monitor;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The settings of a monitor world: the judge at `judgeUrl`; sweeps and alert checks left to the test's own ticks. */
export const monitorSettings = (judgeUrl: string): Partial<Config> => ({
  JUDGE_BASE_URL: judgeUrl,
  JUDGE_MODEL: 'judge-small',
  JUDGE_API_KEY: 'sk-test',
  MONITOR_SWEEP_SECONDS: 3600,
  ALERT_EVALUATION_SECONDS: 3600,
});

/** The mail settings of a world that sends to `relay`. */
export const relaySettings = (relay: MailCatcher): Partial<Config> => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: relay.port,
});

/**
 * A monitor test file's set-up: the fake judge, a mail relay when `mail` is set, and a world per database with
 * monitorSettings (plus `config`), all closed after the file's tests.
 */
export async function monitorWorlds<Mail extends boolean = false>(
  test: TestFn,
  options: { mail?: Mail; config?: Partial<Config> } = {},
) {
  const model = await startFakeModel();
  const relay = options.mail ? await startMailCatcher() : undefined;
  const worlds = await databaseWorlds(test, {
    ...monitorSettings(model.url),
    ...(relay && relaySettings(relay)),
    ...options.config,
  });
  test.after.always(async () => {
    await model.close();
    await relay?.close();
  });
  return { worlds, model, relay: relay as Mail extends true ? MailCatcher : undefined };
}
