import test from 'ava';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Names are unique among the organization's live head revisions; only the head changes. */
accessTable<MemoryCatalogs>('metrics', memoryCatalogs, [
  {
    rule: 'a name taken by a live metric is a conflict',
    act: ({ useCases, a }) => useCases.createMetric.execute(a.owner, { name: 'A exact', source: 'HUMAN' }),
    expected: 'conflict',
  },
  {
    rule: "another organization's metric names are free",
    act: ({ useCases, a }) => useCases.createMetric.execute(a.owner, { name: 'B exact', source: 'HUMAN' }),
    expected: 'allowed',
  },
  {
    rule: 'renaming onto a taken name is a conflict',
    prepare: async ({ useCases, a }) =>
      void (await useCases.createMetric.execute(a.owner, { name: 'Taken', source: 'HUMAN' })),
    act: ({ useCases, a, mine }) => useCases.updateMetric.execute(a.owner, mine.metric.id, { name: 'Taken' }),
    expected: 'conflict',
  },
  {
    rule: 'a superseded revision is frozen',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createMetric.execute(a.owner, { parentMetricId: mine.metric.id, algorithm: 'BLEU' })),
    act: ({ useCases, a, mine }) => useCases.updateMetric.execute(a.owner, mine.metric.id, { description: 'x' }),
    expected: 'conflict',
  },
  {
    rule: 'a deleted metric cannot be revised',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteMetric.execute(a.owner, mine.metric.id)),
    act: ({ useCases, a, mine }) => useCases.createMetric.execute(a.owner, { parentMetricId: mine.metric.id }),
    expected: 'not_found',
  },
]);

test('deleting a metric unlinks it from every specification and frees its name', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const second = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Second' });
  await useCases.linkSpecificationMetrics.execute(a.owner, second.id, [mine.metric.id]);
  await useCases.deleteMetric.execute(a.owner, mine.metric.id);
  for (const id of [mine.specification.id, second.id])
    t.deepEqual((await useCases.getSpecification.execute(a.owner, id)).metricIds, []);
  await t.throwsAsync(useCases.getMetric.execute(a.owner, mine.metric.id), { code: 'not_found' });
  const again = await useCases.createMetric.execute(a.owner, { name: mine.metric.name, source: 'HUMAN' });
  t.not(again.id, mine.metric.id);
});

test("a renamed metric's old name is free for a new metric", async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.updateMetric.execute(a.owner, mine.metric.id, { name: 'Renamed' });
  await t.notThrowsAsync(useCases.createMetric.execute(a.owner, { name: mine.metric.name, source: 'HUMAN' }));
});

test('a revision takes over every specification link of its parent; the parent keeps its history', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const second = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Second' });
  await useCases.linkSpecificationMetrics.execute(a.owner, second.id, [mine.metric.id]);
  const revision = await useCases.createMetric.execute(a.owner, { parentMetricId: mine.metric.id, algorithm: 'BLEU' });
  t.like(revision, { name: mine.metric.name, metricGroupId: mine.metric.id, parentMetricId: mine.metric.id });
  for (const id of [mine.specification.id, second.id])
    t.deepEqual((await useCases.getSpecification.execute(a.owner, id)).metricIds, [revision.id]);
  const heads = await useCases.listMetrics.execute(a.owner, { metricGroupIds: [mine.metric.id], includeLegacy: false });
  t.deepEqual(
    heads.map((metric) => metric.id),
    [revision.id],
  );
  const family = await useCases.listMetrics.execute(a.owner, { metricGroupIds: [mine.metric.id] });
  t.is(family.length, 2);
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a metric is deleted with its specification links, or not at all',
    breaks: { port: 'metrics', method: 'update' },
    act: (broken, { a, mine }) => broken.deleteMetric.execute(a.owner, mine.metric.id),
  },
  {
    rule: 'a revision, its superseded parent and the moved links are written together, or not at all',
    breaks: { port: 'specifications', method: 'update' },
    act: (broken, { a, mine }) =>
      broken.createMetric.execute(a.owner, { parentMetricId: mine.metric.id, algorithm: 'BLEU' }),
  },
]);
