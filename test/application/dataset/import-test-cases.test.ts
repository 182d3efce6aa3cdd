import test from 'ava';
import type { ImportedRow } from '../../../domain/dataset/test-case-import.ts';
import { memoryCatalogs, type MemoryCatalogs } from '../../support/memory-catalog.ts';
import { allOrNothingTable, issuePaths } from '../../support/rule-tables.ts';
import { storeSnapshot } from '../../support/memory-world.ts';

const rows = (count: number): ImportedRow[] =>
  Array.from({ length: count }, (_, index) => ({ fields: { input: `Question ${index}`, expectedOutput: 'Answer' } }));

test('every row becomes a test case of the test, created by the importer', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  const { imported, testCases } = await useCases.importTestCases.execute(a.member, mine.dataset.id, rows(3));
  t.is(imported, 3);
  const stored = await useCases.listTestCases.execute(a.owner, { ids: testCases.map((testCase) => testCase.id) });
  t.is(stored.length, 3);
  t.true(stored.every((testCase) => testCase.datasetId === mine.dataset.id && testCase.userId === a.member.userId));
});

test('one bad row refuses the whole import, naming every bad row', async (t) => {
  const world = await memoryCatalogs();
  const before = await storeSnapshot(world);
  const bad: ImportedRow[] = [
    ...rows(2),
    { fields: { input: 'x', confidence: 2 } },
    { fields: {}, problems: [{ path: 'context', message: 'is not JSON' }] },
  ];
  const refused = await t.throwsAsync(
    world.useCases.importTestCases.execute(world.a.owner, world.mine.dataset.id, bad),
    {
      code: 'invalid_input',
    },
  );
  t.deepEqual(issuePaths(refused).sort(), ['rows.3.confidence', 'rows.4.context', 'rows.4.input']);
  t.deepEqual(await storeSnapshot(world), before);
});

test('a deleted test takes no import', async (t) => {
  const { useCases, a, mine } = await memoryCatalogs();
  await useCases.deleteDataset.execute(a.owner, mine.dataset.id);
  await t.throwsAsync(useCases.importTestCases.execute(a.owner, mine.dataset.id, rows(1)), { code: 'not_found' });
});

allOrNothingTable<MemoryCatalogs>('all or nothing', memoryCatalogs, [
  {
    rule: 'a storage failure on a later chunk of a large import leaves nothing stored',
    breaks: { port: 'testCases', method: 'insertMany', passes: 1 },
    act: (broken, { a, mine }) => broken.importTestCases.execute(a.owner, mine.dataset.id, rows(501)),
  },
]);
