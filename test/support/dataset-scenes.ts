import type { Tenant } from './http-world.ts';

/** The paths a 400 answer's issues name. */
export const issuePaths = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

/** A product "Bot" (or `name`) with a test "Golden set". */
export async function productWithTest(tenant: Tenant, name = 'Bot') {
  const product = (await tenant.owner.post('/products', { name })).body;
  const dataset = (await tenant.owner.post('/tests', { productId: product.id, name: 'Golden set' })).body;
  return { product, dataset };
}

/** A product with a specification and a test "Refunds" written for it (with metadata and background noise). */
export async function testScene(tenant: Tenant) {
  const { owner } = tenant;
  const product = (await owner.post('/products', { name: 'P' })).body;
  const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
  const created = await owner.post('/tests', {
    productId: product.id,
    name: 'Refunds',
    specificationId: spec.id,
    metadata: { owner: 'qa' },
    backgroundNoiseProfile: 'office',
    backgroundNoiseLevel: 'medium',
  });
  return { product, spec, created };
}

/**
 * A test case reviewed by the owner and tagged in place, then revised by the member (a content change): `original`
 * is the superseded root, `revised` the new head.
 */
export async function revisionScene(tenant: Tenant) {
  const { owner, member } = tenant;
  const { dataset } = await productWithTest(tenant);
  const original = (
    await owner.post('/testCases', {
      testId: dataset.id,
      input: 'Hello',
      expectedOutput: 'Hi',
      variant: 'plain',
      strategy: 'direct',
    })
  ).body;
  const reviewed = await owner.patch(`/testCases/${original.id}`, {
    userScore: 0.8,
    userScoreReason: 'fine',
    reviewedById: tenant.ownerId,
  });
  const tagged = await owner.patch(`/testCases/${original.id}`, { variant: 'typo' });
  const revised = await member.patch(`/testCases/${original.id}`, { expectedOutput: 'Hello there' });
  return { dataset, original, reviewed, tagged, revised };
}

/** A raw CSV request body. */
export const csv = (text: string) => ({ raw: text, headers: { 'content-type': 'text/csv' } });
