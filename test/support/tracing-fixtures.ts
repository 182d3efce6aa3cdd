import type { ApiClient } from './api-client.ts';
import { createTenant, type HttpWorld, type Tenant } from './http-world.ts';

let counter = 0;
const unique = (label: string) => `${label} ${++counter} ${Math.random().toString(36).slice(2, 8)}`;

async function created(response: Promise<{ status: number; body: any }>, what: string): Promise<string> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body.id as string;
}

/** A product version of the tenant, made over the catalog's HTTP routes. */
export async function createVersionFor(_world: HttpWorld, tenant: Tenant): Promise<string> {
  const productId = await created(tenant.owner.post('/products', { name: unique('Tracing product') }), 'product');
  return created(tenant.owner.post('/versions', { productId }), 'version');
}

/** A test case of the tenant (a product, a dataset, one case), over HTTP. */
export async function createTestCaseFor(tenant: Tenant): Promise<string> {
  const productId = await created(tenant.owner.post('/products', { name: unique('Dataset product') }), 'product');
  const testId = await created(tenant.owner.post('/tests', { productId, name: unique('Dataset') }), 'dataset');
  return created(tenant.owner.post('/testCases', { testId, input: { text: 'hello' } }), 'test case');
}

/** A session and one inference result of the tenant, ready for spans. */
export async function createInferenceResultFor(
  world: HttpWorld,
  tenant: Tenant,
): Promise<{ sessionId: string; inferenceResultId: string; versionId: string }> {
  const versionId = await createVersionFor(world, tenant);
  const sessionId = await created(tenant.member.post('/sessions', { versionId }), 'session');
  const inferenceResultId = await created(
    tenant.member.post('/inferenceResults', { sessionId, input: 'question', output: 'answer' }),
    'inference result',
  );
  return { sessionId, inferenceResultId, versionId };
}

/** Two new organizations with an inference result each: mine (`me`) and a stranger's, for tenancy tests. */
export async function myTurnAndAStrangers(world: HttpWorld) {
  const me = await createTenant(world);
  const stranger = await createTenant(world);
  const mine = await createInferenceResultFor(world, me);
  const theirs = await createInferenceResultFor(world, stranger);
  return { me, stranger, mine, theirs };
}

let spanSequence = 0;

/** A span id no other test has chosen: span ids are chosen by the caller and unique per organization. */
export const uniqueSpanId = (label: string) => `trace_${label}_${Date.now().toString(36)}_${++spanSequence}`;

/** Records a batch of spans: POST /traces/batch (with this query string, if any); answers the response as it came. */
export const postSpans = (client: ApiClient, traces: unknown, query = '') =>
  client.post(`/traces/batch${query ? `?${query}` : ''}`, { traces });
