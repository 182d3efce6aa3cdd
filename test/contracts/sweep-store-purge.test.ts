// SweepStore on memory, SQLite and PostgreSQL: purging soft-deleted records and what hangs under them, bounded.
// The purge of every other kind is tested over HTTP in test/http/purge.test.ts.
import test from 'ava';
import type { SweptRows } from '../../application/ports/sweep-store.ts';
import { createDataset } from '../../domain/dataset/dataset.ts';
import { createTestCase } from '../../domain/dataset/test-case.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { CUTOFF, evaluation, live, OLD, RECENT, result, session, span } from './sweep-records.ts';

for (const name of await storageNames()) {
  test(`[${name}] purge: soft-deleted records before the cutoff and what hangs under them, children first, bounded`, async (t) => {
    const world = await openStorage(name);
    try {
      const { sessions, inferenceResults, spans, evaluations, sweeps, uow } = world.storage;
      await sessions.insertMany([
        session('org_a', 'session_gone', OLD),
        session('org_a', 'session_live'),
        session('org_a', 'session_recent', RECENT),
      ]);
      await inferenceResults.insertMany([
        result('org_a', 'ir_under_gone', 'session_gone'),
        result('org_a', 'ir_gone', 'session_live', OLD),
        result('org_a', 'ir_live', 'session_live'),
        result('org_a', 'ir_recent', 'session_recent', RECENT),
      ]);
      await spans.insertMany([
        span('org_a', 'trace_1', 'ir_under_gone', 'session_gone'),
        span('org_a', 'trace_2', 'ir_under_gone', 'session_gone'),
        span('org_a', 'trace_3', 'ir_gone', 'session_live'),
        span('org_a', 'trace_4', 'ir_live', 'session_live'),
        span('org_a', 'trace_5', 'ir_live', 'session_live', { deletedAt: OLD }),
        span('org_a', 'trace_6', 'ir_recent', 'session_recent', { deletedAt: RECENT }),
        // Another organization's span under the same ids stays: the join never crosses organizations.
        span('org_b', 'trace_1', 'ir_under_gone', 'session_gone'),
      ]);
      await evaluations.insertMany([
        evaluation('org_a', 'evaluation_of_gone', 'session_gone', null),
        evaluation('org_a', 'evaluation_gone', 'session_live', 'ir_live', OLD),
        evaluation('org_a', 'evaluation_live', 'session_live', 'ir_live'),
      ]);
      const chunks: SweptRows[] = [];
      for (;;) {
        const rows = await uow.transaction(() => sweeps.purge(CUTOFF, 3));
        const total = Object.values(rows).reduce((sum: number, count) => sum + (count ?? 0), 0);
        t.true(total <= 3);
        chunks.push(rows);
        if (total < 3) break;
      }
      const sum = (field: 'spans' | 'inferenceResults' | 'sessions' | 'evaluations') =>
        chunks.reduce((n, rows) => n + (rows[field] ?? 0), 0);
      t.deepEqual(
        {
          spans: sum('spans'),
          inferenceResults: sum('inferenceResults'),
          sessions: sum('sessions'),
          evaluations: sum('evaluations'),
        },
        { spans: 4, inferenceResults: 2, sessions: 1, evaluations: 2 },
      );
      t.true(chunks.length >= 3);
      t.is(await sessions.get('org_a', 'session_gone', { includeDeleted: true }), null);
      t.is(await inferenceResults.get('org_a', 'ir_gone', { includeDeleted: true }), null);
      t.is(await spans.get('org_a', 'trace_5', { includeDeleted: true }), null);
      t.is(await evaluations.get('org_a', 'evaluation_gone', { includeDeleted: true }), null);
      // Deleted after the cutoff: kept for now.
      t.truthy(await sessions.get('org_a', 'session_recent', { includeDeleted: true }));
      t.truthy(await inferenceResults.get('org_a', 'ir_recent', { includeDeleted: true }));
      t.truthy(await spans.get('org_a', 'trace_6', { includeDeleted: true }));
      t.deepEqual(await live(world.storage, 'org_a'), {
        sessions: ['session_live'],
        inferenceResults: ['ir_live'],
        spans: ['trace_4'],
        evaluations: ['evaluation_live'],
      });
      t.truthy(await spans.get('org_b', 'trace_1'));
      t.deepEqual(await sweeps.purge(CUTOFF, 3), {});
    } finally {
      await world.close();
    }
  });
}

for (const name of await storageNames()) {
  test(`[${name}] purge: a deleted test's test cases go in bounded chunks, but the one a live evaluation refers to, which keeps its test`, async (t) => {
    const world = await openStorage(name);
    try {
      const { datasets, testCases, evaluations, sweeps, uow } = world.storage;
      const dataset = (organizationId: string, id: string, deletedAt: string | null) => ({
        ...createDataset(
          { productId: 'product_1', name: id },
          { id, organizationId, userId: 'user_1', now: OLD, specificationProductId: null },
        ),
        deletedAt,
      });
      const testCase = (organizationId: string, id: string, datasetId: string) =>
        createTestCase({ datasetId, input: { text: id } }, { id, organizationId, userId: 'user_1', now: OLD });
      await datasets.insertMany([dataset('org_a', 'test_gone', OLD), dataset('org_a', 'test_live', null)]);
      const under = Array.from({ length: 7 }, (_, index) => testCase('org_a', `testCase_${index}`, 'test_gone'));
      await testCases.insertMany([
        ...under,
        testCase('org_a', 'testCase_live', 'test_live'),
        // Another organization's test case naming the same test id stays: the join never crosses organizations.
        testCase('org_b', 'testCase_theirs', 'test_gone'),
      ]);
      await evaluations.insertMany([
        { ...evaluation('org_a', 'evaluation_live', 'session_live', null), testCaseId: 'testCase_3' },
      ]);
      const chunks: number[] = [];
      for (;;) {
        const rows = await uow.transaction(() => sweeps.purge(CUTOFF, 3));
        const total = Object.values(rows).reduce((sum: number, count) => sum + (count ?? 0), 0);
        t.true(total <= 3);
        chunks.push(total);
        if (total < 3) break;
      }
      t.true(chunks.length >= 3, `${chunks}`);
      t.is(
        chunks.reduce((sum, total) => sum + total, 0),
        6,
        'six test cases',
      );
      t.truthy(await testCases.get('org_a', 'testCase_3', { includeDeleted: true }), 'a live evaluation refers to it');
      t.truthy(await datasets.get('org_a', 'test_gone', { includeDeleted: true }), 'its kept test case keeps it');
      for (const index of [0, 1, 2, 4, 5, 6])
        t.is(await testCases.get('org_a', `testCase_${index}`, { includeDeleted: true }), null);
      t.truthy(await testCases.get('org_a', 'testCase_live'));
      t.truthy(await testCases.get('org_b', 'testCase_theirs'));
      // Once the evaluation is deleted, the next purge finds the test case under its test, then the test.
      const live = await evaluations.require('org_a', 'evaluation_live');
      await evaluations.update({ ...live, deletedAt: OLD });
      t.deepEqual(await uow.transaction(() => sweeps.purge(CUTOFF, 10)), { testCases: 1, datasets: 1, evaluations: 1 });
      t.is(await datasets.get('org_a', 'test_gone', { includeDeleted: true }), null);
    } finally {
      await world.close();
    }
  });
}
