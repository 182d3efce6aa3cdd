import test from 'ava';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { catalogOf, memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';

/** Product names and who may delete a product. */
accessTable<MemoryCatalogs>('products', memoryCatalogs, [
  {
    rule: 'a name is unique in its organization',
    act: ({ useCases, a }) => useCases.createProduct.execute(a.owner, { name: 'A product' }),
    expected: 'conflict',
  },
  {
    rule: "another organization's product names are free",
    act: ({ useCases, a }) => useCases.createProduct.execute(a.owner, { name: 'B product' }),
    expected: 'allowed',
  },
  {
    rule: 'renaming onto a taken name is a conflict',
    prepare: async ({ useCases, a }) => void (await useCases.createProduct.execute(a.owner, { name: 'Second' })),
    act: ({ useCases, a, mine }) => useCases.updateProduct.execute(a.owner, mine.product.id, { name: 'Second' }),
    expected: 'conflict',
  },
  {
    rule: 'a MEMBER may not delete a product',
    act: ({ useCases, a, mine }) => useCases.deleteProduct.execute(a.member, mine.product.id),
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER deletes a product',
    act: ({ useCases, a, mine }) => useCases.deleteProduct.execute(a.owner, mine.product.id),
    expected: 'allowed',
  },
]);

test('deleting a product deletes its versions, specifications, tests and test cases, and nothing else', async (t) => {
  const world = await memoryCatalogs();
  const { useCases, a, mine, theirs } = world;
  const sibling = await catalogOf(useCases, a.owner, 'Sibling');
  const deletion = await useCases.deleteProduct.execute(a.owner, mine.product.id);
  t.deepEqual(deletion, { id: mine.product.id, deletedAt: world.clock.now() });
  const unknown = [
    useCases.getProduct.execute(a.owner, mine.product.id),
    useCases.getVersion.execute(a.owner, mine.version.id),
    useCases.getSpecification.execute(a.owner, mine.specification.id),
    useCases.getDataset.execute(a.owner, mine.dataset.id),
    useCases.getTestCase.execute(a.owner, mine.testCase.id),
  ];
  for (const read of unknown) await t.throwsAsync(read, { code: 'not_found' });
  t.like(await useCases.getMetric.execute(a.owner, mine.metric.id), { deletedAt: null }, 'metrics are not per product');
  for (const [actor, catalog] of [
    [a.owner, sibling],
    [world.b.owner, theirs],
  ] as const) {
    t.like(await useCases.getVersion.execute(actor, catalog.version.id), { deletedAt: null });
    t.like(await useCases.getSpecification.execute(actor, catalog.specification.id), { deletedAt: null });
    t.like(await useCases.getTestCase.execute(actor, catalog.testCase.id), { deletedAt: null });
  }
});

test("a deleted product's name is free again, and nothing can be added under it", async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.deleteProduct.execute(a.owner, mine.product.id);
  const productId = mine.product.id;
  await t.throwsAsync(useCases.createVersion.execute(a.owner, { productId }), { code: 'not_found' });
  await t.throwsAsync(useCases.createSpecification.execute(a.owner, { productId, name: 'S' }), { code: 'not_found' });
  await t.throwsAsync(useCases.createDataset.execute(a.owner, { productId, name: 'T' }), { code: 'not_found' });
  const again = await useCases.createProduct.execute(a.owner, { name: mine.product.name });
  t.not(again.id, productId);
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a product is deleted with all its records, or not at all',
    breaks: { port: 'products', method: 'update' },
    act: (broken, { a, mine }) => broken.deleteProduct.execute(a.owner, mine.product.id),
  },
]);
