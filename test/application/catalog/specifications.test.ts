import test from 'ava';
import { accessTable, allOrNothingTable, issuePaths } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';
import { storeSnapshot } from '../../support/memory-world.ts';

const described = (productId: string, type?: 'CAPABILITY' | 'POLICY') => ({
  productId,
  name: `Described ${type ?? ''}`,
  description: 'Answers in French',
  ...(type ? { type } : {}),
});

/** Description and type are unique together per product; links name live metrics of the organization. */
accessTable<MemoryCatalogs>('specifications', memoryCatalogs, [
  {
    rule: 'the same description and type twice in one product is a conflict',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSpecification.execute(a.owner, described(mine.product.id))),
    act: ({ useCases, a, mine }) =>
      useCases.createSpecification.execute(a.owner, described(mine.product.id, 'CAPABILITY')),
    expected: 'conflict',
  },
  {
    rule: 'the same description with another type is allowed',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSpecification.execute(a.owner, described(mine.product.id))),
    act: ({ useCases, a, mine }) => useCases.createSpecification.execute(a.owner, described(mine.product.id, 'POLICY')),
    expected: 'allowed',
  },
  {
    rule: 'the same description and type in another product is allowed',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSpecification.execute(a.owner, described(mine.product.id))),
    act: async ({ useCases, a }) => {
      const other = await useCases.createProduct.execute(a.owner, { name: 'Other' });
      return useCases.createSpecification.execute(a.owner, described(other.id));
    },
    expected: 'allowed',
  },
  {
    rule: 'specifications without a description never clash',
    act: ({ useCases, a, mine }) =>
      useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'A specification' }),
    expected: 'allowed',
  },
  {
    rule: 'changing a description onto a taken one is a conflict',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSpecification.execute(a.owner, described(mine.product.id))),
    act: ({ useCases, a, mine }) =>
      useCases.updateSpecification.execute(a.owner, mine.specification.id, { description: 'Answers in French' }),
    expected: 'conflict',
  },
  {
    rule: 'one unknown metric refuses the whole link request',
    prepare: async ({ useCases, a }) =>
      void (await useCases.createMetric.execute(a.owner, { name: 'Judge', source: 'HUMAN' })),
    act: async ({ useCases, a, mine }) => {
      const [judge] = await useCases.listMetrics.execute(a.owner, { name: 'Judge' });
      return useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [judge.id, 'metric_missing']);
    },
    expected: 'not_found',
  },
  {
    rule: 'a deleted metric cannot be linked',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteMetric.execute(a.owner, mine.metric.id)),
    act: ({ useCases, a, mine }) =>
      useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [mine.metric.id]),
    expected: 'not_found',
  },
  {
    rule: 'a superseded metric revision cannot be linked',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createMetric.execute(a.owner, { parentMetricId: mine.metric.id, algorithm: 'BLEU' })),
    act: ({ useCases, a, mine }) =>
      useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [mine.metric.id]),
    expected: 'invalid_input',
  },
]);

test('linking a metric twice keeps one link; unlinking ignores ids that are not linked', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const human = await useCases.createMetric.execute(a.owner, { name: 'Human', source: 'HUMAN' });
  const linked = await useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [
    mine.metric.id,
    human.id,
    human.id,
  ]);
  t.deepEqual(linked.metricIds, [mine.metric.id, human.id]);
  const unlinked = await useCases.unlinkSpecificationMetrics.execute(a.owner, mine.specification.id, [
    mine.metric.id,
    'metric_never_linked',
  ]);
  t.deepEqual(unlinked.metricIds, [human.id]);
  t.deepEqual((await useCases.getSpecification.execute(a.owner, mine.specification.id)).metricIds, [human.id]);
});

test('concurrent link requests on one specification all land', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const metrics = [];
  for (const name of ['One', 'Two', 'Three', 'Four'])
    metrics.push(await useCases.createMetric.execute(a.owner, { name, source: 'HUMAN' }));
  await Promise.all(
    metrics.map((metric) => useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [metric.id])),
  );
  const { metricIds } = await useCases.getSpecification.execute(a.owner, mine.specification.id);
  t.deepEqual([...metricIds].sort(), [mine.metric.id, ...metrics.map((metric) => metric.id)].sort());
});

test('linking a test moves it from its previous specification: both sides change together', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const target = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Target' });
  const linked = await useCases.linkSpecificationDatasets.execute(a.owner, target.id, [mine.dataset.id]);
  t.deepEqual(linked.datasetIds, [mine.dataset.id]);
  t.deepEqual((await useCases.getSpecification.execute(a.owner, mine.specification.id)).datasetIds, []);
  t.is((await useCases.getDataset.execute(a.owner, mine.dataset.id)).specificationId, target.id);
});

test('a test of another product refuses the whole link request: earlier tests of the list do not move', async (t) => {
  const world = await memoryCatalogs();
  const { useCases, a, mine } = world;
  const target = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Target' });
  const other = await useCases.createProduct.execute(a.owner, { name: 'Other' });
  const stranger = await useCases.createDataset.execute(a.owner, { productId: other.id, name: 'Elsewhere' });
  const before = await storeSnapshot(world);
  const refused = await t.throwsAsync(
    useCases.linkSpecificationDatasets.execute(a.owner, target.id, [mine.dataset.id, stranger.id]),
    { code: 'invalid_input' },
  );
  t.deepEqual(issuePaths(refused), ['datasetIds.1']);
  t.deepEqual(await storeSnapshot(world), before);
});

test('unlinking a test clears its specification only where it was linked', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const other = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Other' });
  await useCases.unlinkSpecificationDatasets.execute(a.owner, other.id, [mine.dataset.id]);
  t.is((await useCases.getDataset.execute(a.owner, mine.dataset.id)).specificationId, mine.specification.id);
  const unlinked = await useCases.unlinkSpecificationDatasets.execute(a.owner, mine.specification.id, [
    mine.dataset.id,
  ]);
  t.deepEqual(unlinked.datasetIds, []);
  t.is((await useCases.getDataset.execute(a.owner, mine.dataset.id)).specificationId, null);
});

test('deleting a specification keeps its tests, linked to no specification', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.deleteSpecification.execute(a.owner, mine.specification.id);
  await t.throwsAsync(useCases.getSpecification.execute(a.owner, mine.specification.id), { code: 'not_found' });
  t.like(await useCases.getDataset.execute(a.owner, mine.dataset.id), { specificationId: null, deletedAt: null });
  t.like(await useCases.getTestCase.execute(a.owner, mine.testCase.id), { deletedAt: null });
  await t.throwsAsync(useCases.deleteSpecification.execute(a.owner, mine.specification.id), { code: 'not_found' });
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a specification is deleted with the unlinking of its tests, or not at all',
    breaks: { port: 'specifications', method: 'update' },
    act: (broken, { a, mine }) => broken.deleteSpecification.execute(a.owner, mine.specification.id),
  },
]);
