import test from 'ava';
import { unknownToOthers } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalog, type MemoryCatalogs } from '../../support/memory-catalog.ts';
import { onTheirs } from '../../support/tenancy-acts.ts';

/** A new test in a catalog's product, and a new test case in its test, with these fields besides. */
const newTest = (catalog: MemoryCatalog, fields: { specificationId?: string } = {}) => ({
  productId: catalog.product.id,
  name: 'T',
  ...fields,
});
const newTestCase = (catalog: MemoryCatalog, fields: { sourceTestCaseId?: string; reviewedById?: string } = {}) => ({
  datasetId: catalog.dataset.id,
  input: 'x',
  ...fields,
});

/** Another organization's tests, test cases, products, specifications and users behave as unknown ids. */
unknownToOthers<MemoryCatalogs>(memoryCatalogs, {
  "adding a test to another organization's product": ({ useCases, a, theirs }) =>
    useCases.createDataset.execute(a.owner, newTest(theirs)),
  "adding a test for another organization's specification": ({ useCases, a, mine, theirs }) =>
    useCases.createDataset.execute(a.owner, newTest(mine, { specificationId: theirs.specification.id })),
  ...onTheirs<MemoryCatalog>('test', 'owner', (theirs) => theirs.dataset.id, {
    reading: (useCases, actor, id) => useCases.getDataset.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateDataset.execute(actor, id, { name: 'Mine' }),
    deleting: (useCases, actor, id) => useCases.deleteDataset.execute(actor, id),
  }),
  "moving a test to another organization's specification": ({ useCases, a, mine, theirs }) =>
    useCases.updateDataset.execute(a.owner, mine.dataset.id, { specificationId: theirs.specification.id }),
  "importing into another organization's test": ({ useCases, a, theirs }) =>
    useCases.importTestCases.execute(a.owner, theirs.dataset.id, [{ fields: { input: 'Hi' } }]),
  "adding a test case to another organization's test": ({ useCases, a, theirs }) =>
    useCases.createTestCase.execute(a.owner, newTestCase(theirs)),
  "deriving a test case from another organization's test case": ({ useCases, a, mine, theirs }) =>
    useCases.createTestCase.execute(a.owner, newTestCase(mine, { sourceTestCaseId: theirs.testCase.id })),
  "naming another organization's user as reviewer of a new test case": ({ useCases, a, b, mine }) =>
    useCases.createTestCase.execute(a.owner, newTestCase(mine, { reviewedById: b.owner.userId })),
  ...onTheirs<MemoryCatalog>('test case', 'owner', (theirs) => theirs.testCase.id, {
    reading: (useCases, actor, id) => useCases.getTestCase.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateTestCase.execute(actor, id, { userScore: 1 }),
    deleting: (useCases, actor, id) => useCases.deleteTestCase.execute(actor, id),
  }),
  "naming another organization's user as reviewer of a test case": ({ useCases, a, b, mine }) =>
    useCases.updateTestCase.execute(a.owner, mine.testCase.id, { reviewedById: b.owner.userId }),
  "pointing a test case at another organization's source test case": ({ useCases, a, mine, theirs }) =>
    useCases.updateTestCase.execute(a.owner, mine.testCase.id, { sourceTestCaseId: theirs.testCase.id }),
  "listing the languages of another organization's product": ({ useCases, a, theirs }) =>
    useCases.listTestCaseLanguages.execute(a.owner, theirs.product.id),
});

test("lists never show another organization's tests or test cases", async (t) => {
  const { useCases, a, theirs } = await memoryCatalogs();
  t.deepEqual(await useCases.listDatasets.execute(a.owner, { productIds: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listTestCases.execute(a.owner, { datasetIds: [theirs.dataset.id] }), []);
});
