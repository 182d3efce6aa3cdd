import test from 'ava';
import { issuePaths } from '../../support/rule-tables.ts';
import { memoryCatalogs } from '../../support/memory-catalog.ts';

test('version numbers count per product', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const other = await useCases.createProduct.execute(a.owner, { name: 'Other' });
  const next = await useCases.createVersion.execute(a.owner, { productId: mine.product.id });
  const first = await useCases.createVersion.execute(a.owner, { productId: other.id });
  t.deepEqual([mine.version.number, next.number, first.number], [1, 2, 1]);
});

test("a parent of another product is refused and the refused version's number is handed out again", async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const other = await useCases.createProduct.execute(a.owner, { name: 'Other' });
  const foreignParent = await useCases.createVersion.execute(a.owner, { productId: other.id });
  const refused = await t.throwsAsync(
    useCases.createVersion.execute(a.owner, { productId: mine.product.id, parentVersionId: foreignParent.id }),
    { code: 'invalid_input' },
  );
  t.deepEqual(issuePaths(refused), ['parentVersionId']);
  const child = await useCases.createVersion.execute(a.owner, {
    productId: mine.product.id,
    parentVersionId: mine.version.id,
  });
  t.like(child, { number: 2, parentVersionId: mine.version.id });
});

test('a deleted version cannot be a parent', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.deleteVersion.execute(a.owner, mine.version.id);
  await t.throwsAsync(
    useCases.createVersion.execute(a.owner, { productId: mine.product.id, parentVersionId: mine.version.id }),
    { code: 'not_found' },
  );
  t.is((await useCases.createVersion.execute(a.owner, { productId: mine.product.id })).number, 2);
});
