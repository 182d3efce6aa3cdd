import test from 'ava';
import type { Actor } from '../../../domain/identity/role.ts';
import { unknownToOthers } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalog, type MemoryCatalogs } from '../../support/memory-catalog.ts';
import { onTheirs } from '../../support/tenancy-acts.ts';

/** Linking records to a specification, or unlinking them. */
type LinkAct = (
  useCases: MemoryCatalogs['useCases'],
  actor: Actor,
  specificationId: string,
  ids: string[],
) => Promise<unknown>;

/**
 * The tenancy rules of a specification's links to one kind of record (metrics, tests): another organization's record
 * cannot be linked to mine, mine cannot be linked to their specification, and their links cannot be undone.
 */
function specificationLinks(
  kind: string,
  kinds: string,
  idOf: (catalog: MemoryCatalog) => string,
  { link, unlink }: { link: LinkAct; unlink: LinkAct },
): Record<string, (world: MemoryCatalogs) => Promise<unknown>> {
  return {
    [`linking another organization's ${kind}`]: ({ useCases, a, mine, theirs }) =>
      link(useCases, a.owner, mine.specification.id, [idOf(theirs)]),
    [`linking a ${kind} to another organization's specification`]: ({ useCases, a, mine, theirs }) =>
      link(useCases, a.owner, theirs.specification.id, [idOf(mine)]),
    [`unlinking ${kinds} of another organization's specification`]: ({ useCases, a, theirs }) =>
      unlink(useCases, a.owner, theirs.specification.id, [idOf(theirs)]),
  };
}

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
  ...specificationLinks('metric', 'metrics', (catalog) => catalog.metric.id, {
    link: (useCases, actor, specificationId, ids) =>
      useCases.linkSpecificationMetrics.execute(actor, specificationId, ids),
    unlink: (useCases, actor, specificationId, ids) =>
      useCases.unlinkSpecificationMetrics.execute(actor, specificationId, ids),
  }),
  ...specificationLinks('test', 'tests', (catalog) => catalog.dataset.id, {
    link: (useCases, actor, specificationId, ids) =>
      useCases.linkSpecificationDatasets.execute(actor, specificationId, ids),
    unlink: (useCases, actor, specificationId, ids) =>
      useCases.unlinkSpecificationDatasets.execute(actor, specificationId, ids),
  }),
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
