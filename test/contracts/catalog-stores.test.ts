import test from 'ava';
import { createSpecification } from '../../domain/catalog/specification.ts';
import { createTestCase } from '../../domain/dataset/test-case.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** Sequences and BulkRecordStore: the catalog's port extensions behave alike on memory, SQLite and PostgreSQL. */
const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

for (const name of await storageNames()) {
  test(`[${name}] sequences count per scope and name from 1, distinct under concurrency, undone with their transaction`, async (t) => {
    const world = await openStorage(name);
    try {
      const { sequences, uow } = world.storage;
      t.is(await uow.transaction(() => sequences.next('org_a', 'versions:p1')), 1);
      t.is(await sequences.next('org_b', 'versions:p1'), 1);
      const parallel = await Promise.all(
        Array.from({ length: 6 }, () => uow.transaction(() => sequences.next('org_a', 'versions:p1'))),
      );
      t.deepEqual(
        parallel.sort((a, b) => a - b),
        [2, 3, 4, 5, 6, 7],
      );
      await t.throwsAsync(
        uow.transaction(async () => {
          await sequences.next('org_a', 'versions:p1');
          throw new Error('roll back');
        }),
      );
      t.is(await uow.transaction(() => sequences.next('org_a', 'versions:p1')), 8);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] bulk soft delete and distinct values; JSON fields round-trip`, async (t) => {
    const world = await openStorage(name);
    try {
      const { testCases, specifications } = world.storage;
      const make = (id: string, datasetId: string, languageCode: string | null, organizationId = 'org_a') =>
        createTestCase(
          { datasetId, input: { user_message: id, nested: { n: 1 } }, languageCode, expectedTools: ['a'] },
          { id, organizationId, userId: 'user_1', now: NOW },
        );
      await testCases.insertMany([
        make('testCase_1', 'test_1', 'en-US'),
        make('testCase_2', 'test_1', 'fr'),
        make('testCase_3', 'test_2', 'en-US'),
        make('testCase_4', 'test_2', null),
        make('testCase_5', 'test_1', 'de', 'org_b'),
      ]);
      t.deepEqual(await testCases.distinctValues('org_a', 'languageCode', []), ['en-US', 'fr']);
      t.deepEqual(
        await testCases.distinctValues('org_a', 'languageCode', [{ field: 'datasetId', op: 'eq', value: 'test_2' }]),
        ['en-US'],
      );
      const stored = await testCases.get('org_a', 'testCase_1');
      t.deepEqual(stored?.input, { user_message: 'testCase_1', nested: { n: 1 } });
      t.deepEqual(stored?.expectedTools, ['a']);
      t.is(await testCases.softDeleteWhere('org_a', [{ field: 'datasetId', op: 'eq', value: 'test_1' }], LATER), 2);
      t.is(await testCases.get('org_a', 'testCase_1'), null);
      const deleted = await testCases.get('org_a', 'testCase_1', { includeDeleted: true });
      t.is(deleted?.deletedAt, LATER);
      t.is(deleted?.version, 1);
      t.truthy(await testCases.get('org_b', 'testCase_5'), 'other organizations are untouched');
      t.is(await testCases.count('org_a', {}), 2);
      const specification = await specifications.insert(
        createSpecification(
          { productId: 'product_1', name: 'S' },
          { id: 'specification_1', organizationId: 'org_a', now: NOW },
        ),
      );
      const updated = await specifications.update({
        ...specification,
        metricIds: ['metric_1', 'metric_2'],
        datasetIds: ['test_1'],
      });
      t.deepEqual((await specifications.get('org_a', updated.id))?.metricIds, ['metric_1', 'metric_2']);
    } finally {
      await world.close();
    }
  });
}
