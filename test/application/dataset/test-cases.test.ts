import test from 'ava';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Revises the fixture's test case once (a content change), so it becomes a superseded revision. */
async function revise({ useCases, a, mine }: MemoryCatalogs) {
  return useCases.updateTestCase.execute(a.owner, mine.testCase.id, { expectedOutput: 'Paris, France' });
}

/** Only the head revision changes; a reviewer is a live user of the organization. */
accessTable<MemoryCatalogs>('test cases', memoryCatalogs, [
  {
    rule: 'a superseded revision is frozen',
    prepare: async (world) => void (await revise(world)),
    act: ({ useCases, a, mine }) => useCases.updateTestCase.execute(a.owner, mine.testCase.id, { userScore: 1 }),
    expected: 'conflict',
  },
  {
    rule: 'a deleted user cannot review',
    prepare: async ({ useCases, a }) => void (await useCases.deleteUser.execute(a.owner, a.member.userId)),
    act: ({ useCases, a, mine }) =>
      useCases.updateTestCase.execute(a.owner, mine.testCase.id, { reviewedById: a.member.userId, userScore: 1 }),
    expected: 'not_found',
  },
  {
    rule: 'a deleted test takes no new test case',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteDataset.execute(a.owner, mine.dataset.id)),
    act: ({ useCases, a, mine }) =>
      useCases.createTestCase.execute(a.owner, { datasetId: mine.dataset.id, input: 'x' }),
    expected: 'not_found',
  },
]);

test('a test case records who created it', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const created = await useCases.createTestCase.execute(a.member, {
    datasetId: mine.dataset.id,
    input: 'Hi',
    reviewedById: a.owner.userId,
    sourceTestCaseId: mine.testCase.id,
  });
  t.like(created, {
    userId: a.member.userId,
    reviewedById: a.owner.userId,
    sourceTestCaseId: mine.testCase.id,
    testCaseGroupId: created.id,
  });
});

test('a content change forks a new revision by its editor and supersedes the old one', async (t) => {
  const world = await memoryCatalogs();
  const { useCases, a, mine } = world;
  await useCases.updateTestCase.execute(a.owner, mine.testCase.id, { reviewedById: a.owner.userId, userScore: 0.5 });
  const revision = await useCases.updateTestCase.execute(a.member, mine.testCase.id, { expectedOutput: 'Paris!' });
  t.not(revision.id, mine.testCase.id);
  t.like(revision, {
    expectedOutput: 'Paris!',
    userId: a.member.userId,
    parentTestCaseId: mine.testCase.id,
    testCaseGroupId: mine.testCase.id,
    legacyAt: null,
    reviewedById: null,
    userScore: null,
  });
  t.like(await useCases.getTestCase.execute(a.owner, mine.testCase.id), {
    legacyAt: world.clock.now(),
    expectedOutput: 'Paris',
    userScore: 0.5,
  });
});

test('an annotation edits the head in place', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const reviewed = await useCases.updateTestCase.execute(a.owner, mine.testCase.id, {
    reviewedById: a.member.userId,
    userScore: 0.9,
  });
  t.like(reviewed, { id: mine.testCase.id, userScore: 0.9, version: mine.testCase.version + 1, legacyAt: null });
  t.is((await useCases.listTestCases.execute(a.owner, { datasetIds: [mine.dataset.id] })).length, 1);
});

test('deleting any revision deletes its whole family, and only it', async (t) => {
  const world = await memoryCatalogs();
  const { useCases, a, mine } = world;
  const head = await revise(world);
  const other = await useCases.createTestCase.execute(a.owner, { datasetId: mine.dataset.id, input: 'Other' });
  const deletion = await useCases.deleteTestCase.execute(a.owner, mine.testCase.id);
  t.deepEqual(deletion, { id: mine.testCase.id, deletedAt: world.clock.now() });
  await t.throwsAsync(useCases.getTestCase.execute(a.owner, head.id), { code: 'not_found' });
  t.deepEqual(
    (await useCases.listTestCases.execute(a.owner, { datasetIds: [mine.dataset.id] })).map((testCase) => testCase.id),
    [other.id],
  );
});

test('heads only: superseded revisions are left out when includeLegacy is false', async (t) => {
  const world = await memoryCatalogs();
  const head = await revise(world);
  const { useCases, a, mine } = world;
  const ids = async (includeLegacy?: boolean) =>
    (await useCases.listTestCases.execute(a.owner, { datasetIds: [mine.dataset.id], includeLegacy }))
      .map((testCase) => testCase.id)
      .sort();
  t.deepEqual(await ids(false), [head.id]);
  t.deepEqual(await ids(), [mine.testCase.id, head.id].sort());
});

test('the language filter reads tags in any case', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const brazilian = await useCases.createTestCase.execute(a.owner, {
    datasetId: mine.dataset.id,
    input: 'Oi',
    languageCode: 'pt-br',
  });
  t.is(brazilian.languageCode, 'pt-BR');
  const found = await useCases.listTestCases.execute(a.owner, { languageCodes: ['PT-br'] });
  t.deepEqual(
    found.map((testCase) => testCase.id),
    [brazilian.id],
  );
});

test("the languages facet counts head revisions only, of one product's tests when asked", async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.updateTestCase.execute(a.owner, mine.testCase.id, { languageCode: 'fr' });
  const other = await useCases.createProduct.execute(a.owner, { name: 'Other' });
  const otherTest = await useCases.createDataset.execute(a.owner, { productId: other.id, name: 'Other test' });
  await useCases.createTestCase.execute(a.owner, { datasetId: otherTest.id, input: 'Hallo', languageCode: 'de' });
  const empty = await useCases.createProduct.execute(a.owner, { name: 'Empty' });
  t.deepEqual(await useCases.listTestCaseLanguages.execute(a.owner), { languages: ['de', 'fr'] });
  t.deepEqual(await useCases.listTestCaseLanguages.execute(a.owner, mine.product.id), { languages: ['fr'] });
  t.deepEqual(await useCases.listTestCaseLanguages.execute(a.owner, empty.id), { languages: [] });
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a fork stores the new revision and supersedes the old one together, or not at all',
    breaks: { port: 'testCases', method: 'insert' },
    act: (broken, { a, mine }) => broken.updateTestCase.execute(a.owner, mine.testCase.id, { expectedOutput: 'x' }),
  },
]);
