import test from 'ava';
import { memoryCatalogs } from '../../support/memory-catalog.ts';

test('linking many tests at once moves each from its previous specification, repeated ids included', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const spec = (name: string) => useCases.createSpecification.execute(a.owner, { productId: mine.product.id, name });
  const [first, second, target] = [await spec('First'), await spec('Second'), await spec('Target')];
  const dataset = (name: string) => useCases.createDataset.execute(a.owner, { productId: mine.product.id, name });
  const tests = [await dataset('T1'), await dataset('T2'), await dataset('T3'), await dataset('T4')];
  await useCases.linkSpecificationDatasets.execute(a.owner, first.id, [tests[0].id, tests[1].id]);
  await useCases.linkSpecificationDatasets.execute(a.owner, second.id, [tests[2].id, tests[3].id]);

  const moved = [tests[0].id, tests[2].id, tests[3].id, tests[0].id];
  const linked = await useCases.linkSpecificationDatasets.execute(a.owner, target.id, moved);
  t.deepEqual([...new Set(linked.datasetIds)].sort(), [tests[0].id, tests[2].id, tests[3].id].sort());
  t.deepEqual((await useCases.getSpecification.execute(a.owner, first.id)).datasetIds, [tests[1].id]);
  t.deepEqual((await useCases.getSpecification.execute(a.owner, second.id)).datasetIds, []);
  for (const id of [tests[0].id, tests[2].id, tests[3].id])
    t.is((await useCases.getDataset.execute(a.owner, id)).specificationId, target.id);
  t.is((await useCases.getDataset.execute(a.owner, tests[1].id)).specificationId, first.id);

  const unlinked = await useCases.unlinkSpecificationDatasets.execute(a.owner, target.id, [tests[0].id, tests[1].id]);
  t.false(unlinked.datasetIds.includes(tests[0].id));
  t.is((await useCases.getDataset.execute(a.owner, tests[0].id)).specificationId, null);
  t.is(
    (await useCases.getDataset.execute(a.owner, tests[1].id)).specificationId,
    first.id,
    'not linked here: untouched',
  );
});
