import test from 'ava';
import { unknownToOthers } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalog, type MemoryCatalogs } from '../../support/memory-catalog.ts';
import { onTheirs } from '../../support/tenancy-acts.ts';

/** Another organization's products, versions, specifications and metrics behave as unknown ids, and stay untouched. */
unknownToOthers<MemoryCatalogs>(memoryCatalogs, {
  ...onTheirs<MemoryCatalog>('product', 'owner', (theirs) => theirs.product.id, {
    reading: (useCases, actor, id) => useCases.getProduct.execute(actor, id),
    renaming: (useCases, actor, id) => useCases.updateProduct.execute(actor, id, { name: 'Mine' }),
  }),
  "deleting another organization's product, even as a MEMBER (unknown before forbidden)": ({ useCases, a, theirs }) =>
    useCases.deleteProduct.execute(a.member, theirs.product.id),
  "adding a version to another organization's product": ({ useCases, a, theirs }) =>
    useCases.createVersion.execute(a.owner, { productId: theirs.product.id }),
  "deriving a version from another organization's version": ({ useCases, a, mine, theirs }) =>
    useCases.createVersion.execute(a.owner, { productId: mine.product.id, parentVersionId: theirs.version.id }),
  ...onTheirs<MemoryCatalog>('version', 'owner', (theirs) => theirs.version.id, {
    reading: (useCases, actor, id) => useCases.getVersion.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateVersion.execute(actor, id, { name: 'x' }),
    deleting: (useCases, actor, id) => useCases.deleteVersion.execute(actor, id),
  }),
  "adding a specification to another organization's product": ({ useCases, a, theirs }) =>
    useCases.createSpecification.execute(a.owner, { productId: theirs.product.id, name: 'S' }),
  ...onTheirs<MemoryCatalog>('specification', 'owner', (theirs) => theirs.specification.id, {
    reading: (useCases, actor, id) => useCases.getSpecification.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateSpecification.execute(actor, id, { name: 'x' }),
    deleting: (useCases, actor, id) => useCases.deleteSpecification.execute(actor, id),
  }),
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
  ...onTheirs<MemoryCatalog>('metric', 'owner', (theirs) => theirs.metric.id, {
    reading: (useCases, actor, id) => useCases.getMetric.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateMetric.execute(actor, id, { name: 'x' }),
    deleting: (useCases, actor, id) => useCases.deleteMetric.execute(actor, id),
    revising: (useCases, actor, id) => useCases.createMetric.execute(actor, { parentMetricId: id, name: 'Fork' }),
  }),
});

test("lists never show another organization's records, even when asked for their ids", async (t) => {
  const { useCases, a, theirs } = await memoryCatalogs();
  t.deepEqual(await useCases.listProducts.execute(a.owner, { ids: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listVersions.execute(a.owner, { productIds: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listSpecifications.execute(a.owner, { ids: [theirs.specification.id] }), []);
  t.deepEqual(await useCases.listMetrics.execute(a.owner, { ids: [theirs.metric.id] }), []);
});
