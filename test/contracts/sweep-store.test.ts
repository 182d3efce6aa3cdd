// SweepStore on memory, SQLite and PostgreSQL: retention policies, bounded expiry of old spans, and rollback.
import test from 'ava';
import { createOrganization } from '../../domain/organization/organization.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { CUTOFF, evaluation, live, OLD, RECENT, result, session, span } from './sweep-records.ts';

for (const name of await storageNames()) {
  test(`[${name}] retention policies: live organizations with a retention only`, async (t) => {
    const world = await openStorage(name);
    try {
      const { organizations } = world.storage;
      await organizations.insert(createOrganization({ name: 'A', traceRetentionDays: 7 }, { id: 'org_a', now: OLD }));
      await organizations.insert(createOrganization({ name: 'B' }, { id: 'org_b', now: OLD }));
      await organizations.insert({
        ...createOrganization({ name: 'C', traceRetentionDays: 3 }, { id: 'org_c', now: OLD }),
        deletedAt: OLD,
      });
      t.deepEqual(await world.storage.sweeps.retentionPolicies(), [{ organizationId: 'org_a', traceRetentionDays: 7 }]);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] expiry: old spans go in bounded chunks, then the results and sessions they emptied unless evaluated`, async (t) => {
    const world = await openStorage(name);
    try {
      const { sessions, inferenceResults, spans, evaluations, sweeps, uow } = world.storage;
      for (const organizationId of ['org_a', 'org_b']) {
        await sessions.insertMany(
          ['session_1', 'session_2', 'session_3'].map((id) => session(organizationId, `${organizationId}_${id}`)),
        );
        const s = (n: number) => `${organizationId}_session_${n}`;
        await inferenceResults.insertMany([
          result(organizationId, `${organizationId}_ir_1`, s(1)),
          result(organizationId, `${organizationId}_ir_2`, s(2)),
          result(organizationId, `${organizationId}_ir_3`, s(2)),
          result(organizationId, `${organizationId}_ir_4`, s(3)),
        ]);
        const r = (n: number) => `${organizationId}_ir_${n}`;
        await spans.insertMany([
          span(organizationId, 'trace_1', r(1), s(1)),
          span(organizationId, 'trace_2', r(1), s(1), { deletedAt: OLD }),
          span(organizationId, 'trace_3', r(2), s(2)),
          span(organizationId, 'trace_4', r(2), s(2), { startTime: RECENT }),
          span(organizationId, 'trace_5', r(3), s(2), { startTime: null }),
          span(organizationId, 'trace_6', r(4), s(3)),
        ]);
        // Session 3's only result is evaluated; a deleted evaluation of result 1 protects nothing.
        await evaluations.insertMany([
          evaluation(organizationId, `${organizationId}_evaluation_1`, s(3), r(4)),
          evaluation(organizationId, `${organizationId}_evaluation_2`, s(1), r(1), OLD),
        ]);
      }
      const first = await uow.transaction(() => sweeps.expireSpans('org_a', CUTOFF, 2));
      t.is(first.deleted, 2);
      const rest = await uow.transaction(() => sweeps.expireSpans('org_a', CUTOFF, 10));
      t.is(rest.deleted, 2);
      t.deepEqual(await uow.transaction(() => sweeps.expireSpans('org_a', CUTOFF, 10)), {
        deleted: 0,
        inferenceResultIds: [],
      });
      const touched = [...new Set([...first.inferenceResultIds, ...rest.inferenceResultIds])].sort();
      t.deepEqual(touched, ['org_a_ir_1', 'org_a_ir_2', 'org_a_ir_4']);

      const dropped = await uow.transaction(() => sweeps.dropEmptyInferenceResults('org_a', touched));
      // ir_2 keeps its recent span, ir_4 its evaluation.
      t.is(dropped.deleted, 1);
      t.deepEqual(dropped.sessionIds, ['org_a_session_1']);
      t.is(
        await uow.transaction(() =>
          sweeps.dropEmptySessions('org_a', ['org_a_session_1', 'org_a_session_2', 'org_a_session_3']),
        ),
        1,
      );
      t.is(await sweeps.dropEmptySessions('org_a', []), 0);

      t.deepEqual(await live(world.storage, 'org_a'), {
        sessions: ['org_a_session_2', 'org_a_session_3'],
        inferenceResults: ['org_a_ir_2', 'org_a_ir_3', 'org_a_ir_4'],
        spans: ['trace_4', 'trace_5'],
        evaluations: ['org_a_evaluation_1'],
      });
      t.deepEqual(await live(world.storage, 'org_b'), {
        sessions: ['org_b_session_1', 'org_b_session_2', 'org_b_session_3'],
        inferenceResults: ['org_b_ir_1', 'org_b_ir_2', 'org_b_ir_3', 'org_b_ir_4'],
        spans: ['trace_1', 'trace_3', 'trace_4', 'trace_5', 'trace_6'],
        evaluations: ['org_b_evaluation_1'],
      });
      t.truthy(await spans.get('org_b', 'trace_2', { includeDeleted: true }));
      t.is(await spans.get('org_a', 'trace_2', { includeDeleted: true }), null);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] a failing transaction puts the swept rows back`, async (t) => {
    const world = await openStorage(name);
    try {
      const { sessions, inferenceResults, spans, sweeps, uow } = world.storage;
      await sessions.insert(session('org_a', 'session_1'));
      await inferenceResults.insert(result('org_a', 'ir_1', 'session_1'));
      await spans.insertMany([span('org_a', 'trace_1', 'ir_1', 'session_1')]);
      await t.throwsAsync(
        uow.transaction(async () => {
          await sweeps.expireSpans('org_a', CUTOFF, 10);
          throw new Error('stop');
        }),
        { message: 'stop' },
      );
      t.truthy(await spans.get('org_a', 'trace_1'));
    } finally {
      await world.close();
    }
  });
}
