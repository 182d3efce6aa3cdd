import test from 'ava';
import { accessTable } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Another organization's tests, test cases, products, specifications and users behave as unknown ids. */
accessTable<MemoryCatalogs>('tenancy', memoryCatalogs, [
  {
    rule: "adding a test to another organization's product",
    act: ({ useCases, a, theirs }) =>
      useCases.createDataset.execute(a.owner, { productId: theirs.product.id, name: 'T' }),
    expected: 'not_found',
  },
  {
    rule: "adding a test for another organization's specification",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.createDataset.execute(a.owner, {
        productId: mine.product.id,
        name: 'T',
        specificationId: theirs.specification.id,
      }),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's test",
    act: ({ useCases, a, theirs }) => useCases.getDataset.execute(a.owner, theirs.dataset.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's test",
    act: ({ useCases, a, theirs }) => useCases.updateDataset.execute(a.owner, theirs.dataset.id, { name: 'Mine' }),
    expected: 'not_found',
  },
  {
    rule: "moving a test to another organization's specification",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.updateDataset.execute(a.owner, mine.dataset.id, { specificationId: theirs.specification.id }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's test",
    act: ({ useCases, a, theirs }) => useCases.deleteDataset.execute(a.owner, theirs.dataset.id),
    expected: 'not_found',
  },
  {
    rule: "importing into another organization's test",
    act: ({ useCases, a, theirs }) =>
      useCases.importTestCases.execute(a.owner, theirs.dataset.id, [{ fields: { input: 'Hi' } }]),
    expected: 'not_found',
  },
  {
    rule: "adding a test case to another organization's test",
    act: ({ useCases, a, theirs }) =>
      useCases.createTestCase.execute(a.owner, { testId: theirs.dataset.id, input: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "deriving a test case from another organization's test case",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.createTestCase.execute(a.owner, {
        testId: mine.dataset.id,
        input: 'x',
        sourceTestCaseId: theirs.testCase.id,
      }),
    expected: 'not_found',
  },
  {
    rule: "naming another organization's user as reviewer of a new test case",
    act: ({ useCases, a, b, mine }) =>
      useCases.createTestCase.execute(a.owner, { testId: mine.dataset.id, input: 'x', reviewedById: b.owner.userId }),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's test case",
    act: ({ useCases, a, theirs }) => useCases.getTestCase.execute(a.owner, theirs.testCase.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's test case",
    act: ({ useCases, a, theirs }) => useCases.updateTestCase.execute(a.owner, theirs.testCase.id, { userScore: 1 }),
    expected: 'not_found',
  },
  {
    rule: "naming another organization's user as reviewer of a test case",
    act: ({ useCases, a, b, mine }) =>
      useCases.updateTestCase.execute(a.owner, mine.testCase.id, { reviewedById: b.owner.userId }),
    expected: 'not_found',
  },
  {
    rule: "pointing a test case at another organization's source test case",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.updateTestCase.execute(a.owner, mine.testCase.id, { sourceTestCaseId: theirs.testCase.id }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's test case",
    act: ({ useCases, a, theirs }) => useCases.deleteTestCase.execute(a.owner, theirs.testCase.id),
    expected: 'not_found',
  },
  {
    rule: "listing the languages of another organization's product",
    act: ({ useCases, a, theirs }) => useCases.listTestCaseLanguages.execute(a.owner, theirs.product.id),
    expected: 'not_found',
  },
]);

test("lists never show another organization's tests or test cases", async (t) => {
  const { useCases, a, theirs } = await memoryCatalogs();
  t.deepEqual(await useCases.listDatasets.execute(a.owner, { productIds: [theirs.product.id] }), []);
  t.deepEqual(await useCases.listTestCases.execute(a.owner, { testIds: [theirs.dataset.id] }), []);
});
