import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';
import { createSession, finishSession } from '../../domain/tracing/session.ts';
import type { ApiClient } from './api-client.ts';
import { createTenant, type HttpWorld, type Tenant } from './http-world.ts';
import { openRun } from './run-fixtures.ts';

/** Stored markup that must show as text wherever the console puts it (it would set these globals if it ran). */
export const HOSTILE = `<img src=x onerror="window.__pwned='img'"><script>window.__pwned='script'</script>`;

async function created(client: ApiClient, path: string, body: unknown): Promise<any> {
  const response = await client.post(path, body);
  if (response.status !== 201 && response.status !== 200 && response.status !== 202)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Scores of one run: per metric name, a score per test case (null: that test case is not in the run). */
export type RunScores = Readonly<Record<string, readonly (number | null)[]>>;

/** A run of the scene, opened, scored with SELF_HOSTED scores and closed (COMPLETED). */
export async function scoredRun(scene: ConsoleScene, scores: RunScores, customId?: string): Promise<any> {
  const run = await openRun(scene.tenant.owner, {
    productId: scene.product.id,
    versionId: scene.versions[0].id,
    ...(customId ? { customId } : {}),
  });
  for (const [name, values] of Object.entries(scores))
    for (const [index, score] of values.entries())
      if (score !== null)
        await created(scene.tenant.owner, '/evaluations/fromSession', {
          sessionId: scene.sessions[index].id,
          runId: run.id,
          metrics: [{ id: scene.metrics[name].id, score }],
        });
  return created(scene.tenant.owner, `/runs/${run.id}/close`, undefined);
}

export interface ConsoleScene {
  readonly tenant: Tenant;
  /** The OWNER's key: what a person pastes into "API key". */
  readonly key: string;
  readonly product: any;
  readonly versions: any[];
  readonly metrics: Record<string, any>;
  readonly dataset: any;
  readonly testCases: any[];
  readonly sessions: any[];
}

/**
 * A tenant with a product (two versions), two SELF_HOSTED metrics (Correctness, Politeness), a dataset of
 * `cases` test cases whose inputs and outputs carry HOSTILE markup, and a session with one turn per test case.
 */
export async function consoleScene(world: HttpWorld, cases = 6): Promise<ConsoleScene> {
  const tenant = await createTenant(world);
  const client = tenant.owner;
  const product = await created(client, '/products', {
    name: 'Support bot',
    description: `Answers customers ${HOSTILE}`,
  });
  const versions = [
    await created(client, '/versions', { productId: product.id, name: 'v1' }),
    await created(client, '/versions', { productId: product.id, name: 'v2' }),
  ];
  const metrics: Record<string, any> = {};
  for (const name of ['Correctness', 'Politeness'])
    metrics[name] = await created(client, '/metrics', { name, source: 'SELF_HOSTED' });
  const specification = await created(client, '/specifications', { productId: product.id, name: 'Orders' });
  const dataset = await created(client, '/tests', {
    productId: product.id,
    specificationId: specification.id,
    name: 'Order questions',
  });
  const testCases = [];
  const sessions = [];
  for (let index = 0; index < cases; index++) {
    const question = `Question ${index + 1}: where is order ${1000 + index}? ${HOSTILE}`;
    const testCase = await created(client, '/testCases', {
      testId: dataset.id,
      input: question,
      expectedOutput: `It ships on day ${index + 1}.`,
    });
    const session = await created(client, '/sessions', { versionId: versions[0].id, testCaseId: testCase.id });
    await created(client, '/inferenceResults', {
      sessionId: session.id,
      input: question,
      output: `Order ${1000 + index} ships soon ${HOSTILE}`,
      inputTokens: 120 + index,
      outputTokens: 30,
      cost: 0.0015,
    });
    testCases.push(testCase);
    sessions.push(session);
  }
  const key = String(client.key);
  return { tenant, key, product, versions, metrics, dataset, testCases, sessions };
}

/**
 * A run holding `count` evaluations, written through the evaluation store's one-statement bulk insert (what the
 * scoring fan-out uses): scores spread over 0..1, a tenth FAILED with an error, cycling through the scene's sessions
 * and metrics. The run is opened through the API so its ordinal and counts are the platform's own.
 */
export async function bulkRun(world: HttpWorld, scene: ConsoleScene, count: number, customId?: string) {
  const run = await openRun(scene.tenant.owner, { productId: scene.product.id, ...(customId ? { customId } : {}) });
  const ports = world.platform.ports;
  const metrics = Object.values(scene.metrics);
  const start = Date.parse('2026-11-20T10:00:00.000Z');
  const rows: Evaluation[] = [];
  for (let index = 0; index < count; index++) {
    const session = scene.sessions[index % scene.sessions.length];
    const failed = index % 10 === 9;
    const fresh = createEvaluation(
      {
        id: ports.ids.next('evaluation'),
        organizationId: scene.tenant.organizationId,
        metricId: metrics[index % metrics.length].id,
        sessionId: session.id,
        userId: null,
        testCaseId: session.testCaseId,
        inferenceResultId: null,
        runId: run.id,
        launchId: null,
        versionId: scene.versions[0].id,
        metricLegacyAt: null,
        metricDisabledAt: null,
        ...(failed ? {} : { score: ((index * 37) % 101) / 100 }),
      },
      new Date(start + index).toISOString(),
    );
    rows.push(
      failed
        ? { ...fresh, status: 'FAILED', error: `endpoint timed out (row ${index + 1})`, canRetry: true }
        : { ...fresh, reason: `row ${index + 1}` },
    );
  }
  for (let at = 0; at < rows.length; at += 1000) await ports.evaluations.insertMany(rows.slice(at, at + 1000));
  await created(scene.tenant.owner, `/runs/${run.id}/close`, undefined);
  return run;
}

/**
 * A session of the run that failed with `error`, as a generation launch leaves one (written through the session
 * store: the API opens sessions of a run only from a launch).
 */
export async function failedSession(world: HttpWorld, scene: ConsoleScene, runId: string, error: string) {
  const now = new Date().toISOString();
  const ports = world.platform.ports;
  const session = createSession(
    { versionId: scene.versions[0].id, testCaseId: scene.testCases[0].id, runId },
    { id: ports.ids.next('session'), organizationId: scene.tenant.organizationId, now },
  );
  return ports.sessions.insert(finishSession(session, { error }, now));
}
