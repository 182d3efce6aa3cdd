import test from 'ava';
import { Conflict } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import { memoryWorld } from '../../support/memory-world.ts';

const owner: Actor = { userId: 'user_owner', organizationId: 'organization_a', role: 'OWNER', apiKeyId: null };
const member: Actor = { ...owner, userId: 'user_member', role: 'MEMBER' };
const stranger: Actor = { userId: 'user_x', organizationId: 'organization_b', role: 'OWNER', apiKeyId: null };

/** A product P of the owner's organization with one specification S, created by the owner. */
async function productWithSpecification(useCases: ReturnType<typeof memoryWorld>['useCases']) {
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const specification = await useCases.createSpecification.execute(owner, { productId: product.id, name: 'S' });
  return { product, specification };
}

test('version numbers are per product, distinct under concurrency, never reused', async (t) => {
  const { useCases } = memoryWorld();
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const versions = await Promise.all(
    Array.from({ length: 5 }, () => useCases.createVersion.execute(member, { productId: product.id })),
  );
  t.deepEqual(versions.map((version) => version.number).sort(), [1, 2, 3, 4, 5]);
  await useCases.deleteVersion.execute(owner, versions[4].id);
  t.is((await useCases.createVersion.execute(owner, { productId: product.id })).number, 6);
  await t.throwsAsync(useCases.createVersion.execute(stranger, { productId: product.id }), { code: 'not_found' });
});

test('a failed version create hands its number back', async (t) => {
  const { useCases } = memoryWorld();
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  await t.throwsAsync(useCases.createVersion.execute(owner, { productId: product.id, name: ' ' }), {
    code: 'invalid_input',
  });
  t.is((await useCases.createVersion.execute(owner, { productId: product.id })).number, 1);
});

test('the chain session test case → test → specification → metrics is readable from the ports', async (t) => {
  const { useCases, ports } = memoryWorld();
  const { product, specification } = await productWithSpecification(useCases);
  const metric = await useCases.createMetric.execute(owner, {
    name: 'Exact',
    source: 'DETERMINISTIC',
    algorithm: 'EXACT_MATCH',
  });
  await useCases.linkSpecificationMetrics.execute(owner, specification.id, [metric.id]);
  const dataset = await useCases.createDataset.execute(member, {
    productId: product.id,
    name: 'T',
    specificationId: specification.id,
  });
  const testCase = await useCases.createTestCase.execute(member, {
    datasetId: dataset.id,
    input: 'Hi',
    expectedOutput: 'Hello',
  });
  const storedTest = await ports.datasets.get(owner.organizationId, testCase.datasetId);
  const storedSpecification = await ports.specifications.get(owner.organizationId, storedTest!.specificationId!);
  t.deepEqual(storedSpecification!.metricIds, [metric.id]);
  t.deepEqual(storedSpecification!.datasetIds, [dataset.id]);
});

test('members may not delete products; owners delete everything under one', async (t) => {
  const { useCases, ports } = memoryWorld();
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const dataset = await useCases.createDataset.execute(owner, { productId: product.id, name: 'T' });
  await useCases.createTestCase.execute(owner, { datasetId: dataset.id, input: 'Hi' });
  await t.throwsAsync(useCases.deleteProduct.execute(member, product.id), { code: 'forbidden' });
  await useCases.deleteProduct.execute(owner, product.id);
  t.is(await ports.testCases.count(owner.organizationId, {}), 0);
  t.is(await ports.datasets.count(owner.organizationId, {}), 0);
});

test('a metric revision supersedes its parent and takes over its specification links, all or nothing', async (t) => {
  const { useCases, ports } = memoryWorld();
  const { specification } = await productWithSpecification(useCases);
  const parent = await useCases.createMetric.execute(owner, {
    name: 'Judge',
    source: 'LLM_JUDGE',
    judgePrompt: 'Good?',
  });
  await useCases.createMetric.execute(owner, { name: 'Taken', source: 'HUMAN' });
  await useCases.linkSpecificationMetrics.execute(owner, specification.id, [parent.id]);
  await t.throwsAsync(useCases.createMetric.execute(owner, { parentMetricId: parent.id, name: 'Taken' }), {
    message: /named "Taken" already exists/,
  });
  t.is(
    (await ports.metrics.get(owner.organizationId, parent.id))!.legacyAt,
    null,
    'a refused revision leaves the parent live',
  );
  const revision = await useCases.createMetric.execute(owner, { parentMetricId: parent.id, judgePrompt: 'Better?' });
  t.is(revision.metricGroupId, parent.id);
  t.truthy((await ports.metrics.get(owner.organizationId, parent.id))!.legacyAt);
  t.deepEqual((await ports.specifications.get(owner.organizationId, specification.id))!.metricIds, [revision.id]);
  await t.throwsAsync(useCases.createMetric.execute(stranger, { parentMetricId: revision.id }), {
    code: 'not_found',
  });
  await t.throwsAsync(useCases.createMetric.execute(owner, { parentMetricId: parent.id }), {
    instanceOf: Conflict,
  });
});
