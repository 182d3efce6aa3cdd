import type { ApiClient } from './api-client.ts';
import { createTenant, type HttpWorld } from './http-world.ts';

/** The paths a 400 answer's issues name. */
export const pathsOf = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

/** Two products, P and Q, and the first version of P. */
export async function versionScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const other = (await owner.post('/products', { name: 'Q' })).body;
  const first = await owner.post('/versions', { productId: product.id, name: 'v1', systemPrompt: 'Be nice' });
  return { product, other, first };
}

/** Products P and Other, the specification "Refunds" of P and a test of P, not linked yet. */
export async function specificationScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const other = (await owner.post('/products', { name: 'Other' })).body;
  const spec = await owner.post('/specifications', {
    productId: product.id,
    name: 'Refunds',
    description: 'Refunds within 30 days',
    type: 'CAPABILITY',
  });
  const dataset = (await owner.post('/tests', { productId: product.id, name: 'Refund questions' })).body;
  return { product, other, spec, dataset };
}

/** An LLM-judge metric "Polite" linked to a specification, described in place, then revised with a new prompt. */
export async function revisionScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
  const metric = (
    await owner.post('/metrics', { name: 'Polite', source: 'LLM_JUDGE', judgePrompt: 'Polite?', judgeModel: 'gpt-x' })
  ).body;
  await owner.post(`/specifications/${spec.id}/metrics`, { metricIds: [metric.id] });
  const described = await owner.patch(`/metrics/${metric.id}`, { description: 'Tone', tags: ['tone'] });
  const revised = await owner.post('/metrics', { parentMetricId: metric.id, judgePrompt: 'Is the answer polite?' });
  return { spec, metric, described, revised };
}

/**
 * One tenant's product, specification and HUMAN metric for refused requests, which write nothing: made once per
 * world, on first use.
 */
export function refusalTargetIn(world: () => HttpWorld) {
  let scene: Promise<{ owner: ApiClient; product: any; spec: any; metric: any }> | undefined;
  return () =>
    (scene ??= (async () => {
      const { owner } = await createTenant(world());
      const product = (await owner.post('/products', { name: 'P' })).body;
      const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
      const metric = (await owner.post('/metrics', { name: 'M', source: 'HUMAN' })).body;
      return { owner, product, spec, metric };
    })());
}
