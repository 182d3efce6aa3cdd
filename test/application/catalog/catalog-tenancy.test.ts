import test from 'ava';
import { accessTable } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Another organization's products, versions, specifications and metrics behave as unknown ids, and stay untouched. */
accessTable<MemoryCatalogs>('tenancy', memoryCatalogs, [
  {
    rule: "reading another organization's product",
    act: ({ useCases, a, theirs }) => useCases.getProduct.execute(a.owner, theirs.product.id),
    expected: 'not_found',
  },
  {
    rule: "renaming another organization's product",
    act: ({ useCases, a, theirs }) => useCases.updateProduct.execute(a.owner, theirs.product.id, { name: 'Mine' }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's product, even as a MEMBER (unknown before forbidden)",
    act: ({ useCases, a, theirs }) => useCases.deleteProduct.execute(a.member, theirs.product.id),
    expected: 'not_found',
  },
  {
    rule: "adding a version to another organization's product",
    act: ({ useCases, a, theirs }) => useCases.createVersion.execute(a.owner, { productId: theirs.product.id }),
    expected: 'not_found',
  },
  {
    rule: "deriving a version from another organization's version",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.createVersion.execute(a.owner, { productId: mine.product.id, parentVersionId: theirs.version.id }),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's version",
    act: ({ useCases, a, theirs }) => useCases.getVersion.execute(a.owner, theirs.version.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's version",
    act: ({ useCases, a, theirs }) => useCases.updateVersion.execute(a.owner, theirs.version.id, { name: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's version",
    act: ({ useCases, a, theirs }) => useCases.deleteVersion.execute(a.owner, theirs.version.id),
    expected: 'not_found',
  },
  {
    rule: "adding a specification to another organization's product",
    act: ({ useCases, a, theirs }) =>
      useCases.createSpecification.execute(a.owner, { productId: theirs.product.id, name: 'S' }),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's specification",
    act: ({ useCases, a, theirs }) => useCases.getSpecification.execute(a.owner, theirs.specification.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's specification",
    act: ({ useCases, a, theirs }) =>
      useCases.updateSpecification.execute(a.owner, theirs.specification.id, { name: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's specification",
    act: ({ useCases, a, theirs }) => useCases.deleteSpecification.execute(a.owner, theirs.specification.id),
    expected: 'not_found',
  },
  {
    rule: "linking another organization's metric",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [theirs.metric.id]),
    expected: 'not_found',
  },
  {
    rule: "linking a metric to another organization's specification",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.linkSpecificationMetrics.execute(a.owner, theirs.specification.id, [mine.metric.id]),
    expected: 'not_found',
  },
  {
    rule: "unlinking metrics of another organization's specification",
    act: ({ useCases, a, theirs }) =>
      useCases.unlinkSpecificationMetrics.execute(a.owner, theirs.specification.id, [theirs.metric.id]),
    expected: 'not_found',
  },
  {
    rule: "linking another organization's test",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.linkSpecificationTests.execute(a.owner, mine.specification.id, [theirs.dataset.id]),
    expected: 'not_found',
  },
  {
    rule: "linking a test to another organization's specification",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.linkSpecificationTests.execute(a.owner, theirs.specification.id, [mine.dataset.id]),
    expected: 'not_found',
  },
  {
    rule: "unlinking tests of another organization's specification",
    act: ({ useCases, a, theirs }) =>
      useCases.unlinkSpecificationTests.execute(a.owner, theirs.specification.id, [theirs.dataset.id]),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's metric",
    act: ({ useCases, a, theirs }) => useCases.getMetric.execute(a.owner, theirs.metric.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's metric",
    act: ({ useCases, a, theirs }) => useCases.updateMetric.execute(a.owner, theirs.metric.id, { name: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's metric",
    act: ({ useCases, a, theirs }) => useCases.deleteMetric.execute(a.owner, theirs.metric.id),
    expected: 'not_found',
  },
  {
    rule: "revising another organization's metric",
    act: ({ useCases, a, theirs }) =>
      useCases.createMetric.execute(a.owner, { parentMetricId: theirs.metric.id, name: 'Fork' }),
    expected: 'not_found',
  },
]);

test("lists never show another organization's records, even when asked for their ids", async (t) => {
  const { useCases, a, theirs } = await memoryCatalogs();
  t.deepEqual(await useCases.listProducts.execute(a.owner, { ids: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listVersions.execute(a.owner, { productIds: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listSpecifications.execute(a.owner, { ids: [theirs.specification.id] }), []);
  t.deepEqual(await useCases.listMetrics.execute(a.owner, { ids: [theirs.metric.id] }), []);
});
