import test from 'ava';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** A specification of another product of the same organization. */
async function elsewhere({ useCases, a }: MemoryCatalogs) {
  const [found] = await useCases.listProducts.execute(a.owner, { name: 'Elsewhere' });
  const product = found ?? (await useCases.createProduct.execute(a.owner, { name: 'Elsewhere' }));
  const [specification] = await useCases.listSpecifications.execute(a.owner, { productIds: [product.id] });
  return (
    specification ?? (await useCases.createSpecification.execute(a.owner, { productId: product.id, name: 'There' }))
  );
}

/** Name and type are unique together per product; a test's specification belongs to its product. */
accessTable<MemoryCatalogs>('tests', memoryCatalogs, [
  {
    rule: 'the same name and type twice in one product is a conflict, and links nothing',
    act: ({ useCases, a, mine }) =>
      useCases.createDataset.execute(a.owner, {
        productId: mine.product.id,
        name: 'A test',
        specificationId: mine.specification.id,
      }),
    expected: 'conflict',
  },
  {
    rule: 'the same name with another type is allowed',
    act: ({ useCases, a, mine }) =>
      useCases.createDataset.execute(a.owner, { productId: mine.product.id, name: 'A test', type: 'RED_TEAMING' }),
    expected: 'allowed',
  },
  {
    rule: 'the same name in another product is allowed',
    act: async (world) => {
      const { productId } = await elsewhere(world);
      return world.useCases.createDataset.execute(world.a.owner, { productId, name: 'A test' });
    },
    expected: 'allowed',
  },
  {
    rule: 'renaming onto a taken name is a conflict',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createDataset.execute(a.owner, { productId: mine.product.id, name: 'Taken' })),
    act: ({ useCases, a, mine }) => useCases.updateDataset.execute(a.owner, mine.dataset.id, { name: 'Taken' }),
    expected: 'conflict',
  },
  {
    rule: 'a test cannot be written for a specification of another product',
    prepare: async (world) => void (await elsewhere(world)),
    act: async (world) =>
      world.useCases.createDataset.execute(world.a.owner, {
        productId: world.mine.product.id,
        name: 'Misplaced',
        specificationId: (await elsewhere(world)).id,
      }),
    expected: 'invalid_input',
  },
  {
    rule: 'a test cannot move to a specification of another product',
    prepare: async (world) => void (await elsewhere(world)),
    act: async (world) =>
      world.useCases.updateDataset.execute(world.a.owner, world.mine.dataset.id, {
        specificationId: (await elsewhere(world)).id,
      }),
    expected: 'invalid_input',
  },
]);

test('a test written for a specification is linked from it at once', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const created = await useCases.createDataset.execute(a.owner, {
    productId: mine.product.id,
    name: 'Second',
    specificationId: mine.specification.id,
  });
  t.like(created, { specificationId: mine.specification.id, userId: a.owner.userId });
  t.deepEqual((await useCases.getSpecification.execute(a.owner, mine.specification.id)).datasetIds, [
    mine.dataset.id,
    created.id,
  ]);
});

/** Where a test's specification goes when it is changed, and what both specifications link afterwards. */
const moves: {
  rule: string;
  to: 'other' | null | undefined;
  expected: { test: 'mine' | 'other' | null; mine: boolean; other: boolean };
}[] = [
  {
    rule: 'moving a test relinks it on both sides',
    to: 'other',
    expected: { test: 'other', mine: false, other: true },
  },
  {
    rule: 'moving a test to no specification unlinks it',
    to: null,
    expected: { test: null, mine: false, other: false },
  },
  {
    rule: 'changing anything else leaves its links alone',
    to: undefined,
    expected: { test: 'mine', mine: true, other: false },
  },
];

for (const { rule, to, expected } of moves) {
  test(rule, async (t) => {
    const { useCases, a, mine } = await memoryCatalogs();
    const other = await useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name: 'Other' });
    const ids = { mine: mine.specification.id, other: other.id };
    const specificationId = to === undefined ? undefined : to === null ? null : ids[to];
    const updated = await useCases.updateDataset.execute(a.owner, mine.dataset.id, {
      description: 'moved',
      ...(specificationId === undefined ? {} : { specificationId }),
    });
    t.is(updated.specificationId, expected.test === null ? null : ids[expected.test]);
    for (const side of ['mine', 'other'] as const) {
      const { datasetIds } = await useCases.getSpecification.execute(a.owner, ids[side]);
      t.is(datasetIds.includes(mine.dataset.id), expected[side], `${side} links the test`);
    }
  });
}

test('deleting a test deletes its test cases and unlinks it; other tests keep theirs', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const sibling = await useCases.createDataset.execute(a.owner, { productId: mine.product.id, name: 'Sibling' });
  const kept = await useCases.createTestCase.execute(a.owner, { datasetId: sibling.id, input: 'Stay' });
  await useCases.deleteDataset.execute(a.owner, mine.dataset.id);
  await t.throwsAsync(useCases.getDataset.execute(a.owner, mine.dataset.id), { code: 'not_found' });
  await t.throwsAsync(useCases.getTestCase.execute(a.owner, mine.testCase.id), { code: 'not_found' });
  t.deepEqual((await useCases.getSpecification.execute(a.owner, mine.specification.id)).datasetIds, []);
  t.like(await useCases.getTestCase.execute(a.owner, kept.id), { deletedAt: null });
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a test and its specification link are created together, or not at all',
    breaks: { port: 'specifications', method: 'update' },
    act: (broken, { a, mine }) =>
      broken.createDataset.execute(a.owner, {
        productId: mine.product.id,
        name: 'Second',
        specificationId: mine.specification.id,
      }),
  },
  {
    rule: 'a test is deleted with its test cases and its link, or not at all',
    breaks: { port: 'datasets', method: 'update' },
    act: (broken, { a, mine }) => broken.deleteDataset.execute(a.owner, mine.dataset.id),
  },
]);
