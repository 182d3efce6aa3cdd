import test from 'ava';
import { unknownToOthers } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Another organization's products, versions, specifications and metrics behave as unknown ids, and stay untouched. */
unknownToOthers<MemoryCatalogs>(memoryCatalogs, {
  "reading another organization's product": ({ useCases, a, theirs }) =>
    useCases.getProduct.execute(a.owner, theirs.product.id),
  "renaming another organization's product": ({ useCases, a, theirs }) =>
    useCases.updateProduct.execute(a.owner, theirs.product.id, { name: 'Mine' }),
  "deleting another organization's product, even as a MEMBER (unknown before forbidden)": ({ useCases, a, theirs }) =>
    useCases.deleteProduct.execute(a.member, theirs.product.id),
  "adding a version to another organization's product": ({ useCases, a, theirs }) =>
    useCases.createVersion.execute(a.owner, { productId: theirs.product.id }),
  "deriving a version from another organization's version": ({ useCases, a, mine, theirs }) =>
    useCases.createVersion.execute(a.owner, { productId: mine.product.id, parentVersionId: theirs.version.id }),
  "reading another organization's version": ({ useCases, a, theirs }) =>
    useCases.getVersion.execute(a.owner, theirs.version.id),
  "changing another organization's version": ({ useCases, a, theirs }) =>
    useCases.updateVersion.execute(a.owner, theirs.version.id, { name: 'x' }),
  "deleting another organization's version": ({ useCases, a, theirs }) =>
    useCases.deleteVersion.execute(a.owner, theirs.version.id),
  "adding a specification to another organization's product": ({ useCases, a, theirs }) =>
    useCases.createSpecification.execute(a.owner, { productId: theirs.product.id, name: 'S' }),
  "reading another organization's specification": ({ useCases, a, theirs }) =>
    useCases.getSpecification.execute(a.owner, theirs.specification.id),
  "changing another organization's specification": ({ useCases, a, theirs }) =>
    useCases.updateSpecification.execute(a.owner, theirs.specification.id, { name: 'x' }),
  "deleting another organization's specification": ({ useCases, a, theirs }) =>
    useCases.deleteSpecification.execute(a.owner, theirs.specification.id),
  "linking another organization's metric": ({ useCases, a, mine, theirs }) =>
    useCases.linkSpecificationMetrics.execute(a.owner, mine.specification.id, [theirs.metric.id]),
  "linking a metric to another organization's specification": ({ useCases, a, mine, theirs }) =>
    useCases.linkSpecificationMetrics.execute(a.owner, theirs.specification.id, [mine.metric.id]),
  "unlinking metrics of another organization's specification": ({ useCases, a, theirs }) =>
    useCases.unlinkSpecificationMetrics.execute(a.owner, theirs.specification.id, [theirs.metric.id]),
  "linking another organization's test": ({ useCases, a, mine, theirs }) =>
    useCases.linkSpecificationTests.execute(a.owner, mine.specification.id, [theirs.dataset.id]),
  "linking a test to another organization's specification": ({ useCases, a, mine, theirs }) =>
    useCases.linkSpecificationTests.execute(a.owner, theirs.specification.id, [mine.dataset.id]),
  "unlinking tests of another organization's specification": ({ useCases, a, theirs }) =>
    useCases.unlinkSpecificationTests.execute(a.owner, theirs.specification.id, [theirs.dataset.id]),
  "reading another organization's metric": ({ useCases, a, theirs }) =>
    useCases.getMetric.execute(a.owner, theirs.metric.id),
  "changing another organization's metric": ({ useCases, a, theirs }) =>
    useCases.updateMetric.execute(a.owner, theirs.metric.id, { name: 'x' }),
  "deleting another organization's metric": ({ useCases, a, theirs }) =>
    useCases.deleteMetric.execute(a.owner, theirs.metric.id),
  "revising another organization's metric": ({ useCases, a, theirs }) =>
    useCases.createMetric.execute(a.owner, { parentMetricId: theirs.metric.id, name: 'Fork' }),
});

test("lists never show another organization's records, even when asked for their ids", async (t) => {
  const { useCases, a, theirs } = await memoryCatalogs();
  t.deepEqual(await useCases.listProducts.execute(a.owner, { ids: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listVersions.execute(a.owner, { productIds: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listSpecifications.execute(a.owner, { ids: [theirs.specification.id] }), []);
  t.deepEqual(await useCases.listMetrics.execute(a.owner, { ids: [theirs.metric.id] }), []);
});
