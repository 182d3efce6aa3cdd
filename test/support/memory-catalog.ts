import type { Actor } from '../../domain/identity/role.ts';
import { memoryTenantsWith, type MemoryTenants } from './memory-tenants.ts';
import type { MemoryWorldOptions } from './memory-world.ts';

type UseCases = MemoryTenants['useCases'];

/**
 * One of everything the catalog and datasets hold, for one organization: a product with a version, a
 * specification linked to an exact-match metric and to a test (dataset) with one test case.
 */
export async function catalogOf(useCases: UseCases, actor: Actor, label: string) {
  const product = await useCases.createProduct.execute(actor, { name: `${label} product` });
  const version = await useCases.createVersion.execute(actor, { productId: product.id });
  const specification = await useCases.createSpecification.execute(actor, {
    productId: product.id,
    name: `${label} specification`,
  });
  const metric = await useCases.createMetric.execute(actor, {
    name: `${label} exact`,
    source: 'DETERMINISTIC',
    algorithm: 'EXACT_MATCH',
  });
  await useCases.linkSpecificationMetrics.execute(actor, specification.id, [metric.id]);
  const dataset = await useCases.createDataset.execute(actor, {
    productId: product.id,
    name: `${label} test`,
    specificationId: specification.id,
  });
  const testCase = await useCases.createTestCase.execute(actor, {
    datasetId: dataset.id,
    input: 'Capital of France?',
    expectedOutput: 'Paris',
    languageCode: 'en',
  });
  return { product, version, specification, metric, dataset, testCase };
}

export type MemoryCatalog = Awaited<ReturnType<typeof catalogOf>>;

/** Two tenants with a catalog each: `mine` belongs to A (acting as `a.owner`), `theirs` to B. */
export const memoryCatalogs = (options: MemoryWorldOptions = {}) => memoryTenantsWith(catalogOf, options);

export type MemoryCatalogs = Awaited<ReturnType<typeof memoryCatalogs>>;
