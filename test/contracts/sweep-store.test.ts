import test from 'ava';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { SweptRows } from '../../application/ports/sweep-store.ts';
import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';
import { createOrganization } from '../../domain/organization/organization.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** SweepStore: the same deletions, bounded the same way, on memory, SQLite and PostgreSQL. */
const OLD = '2026-01-01T00:00:00.000Z';
const CUTOFF = '2026-02-01T00:00:00.000Z';
const RECENT = '2026-03-01T00:00:00.000Z';

const session = (organizationId: string, id: string, deletedAt: string | null = null): Session => ({
  id,
  organizationId,
  versionId: 'version_1',
  testCaseId: null,
  customId: null,
  runId: null,
  isProduction: true,
  context: null,
  metadata: null,
  status: 'PENDING',
  stoppingReason: null,
  error: null,
  finishedAt: null,
  createdAt: OLD,
  deletedAt,
  version: 0,
});

const result = (
  organizationId: string,
  id: string,
  sessionId: string,
  deletedAt: string | null = null,
): InferenceResult => ({
  id,
  organizationId,
  sessionId,
  input: 'in',
  output: 'out',
  retrievalContext: null,
  latency: null,
  inputTokens: null,
  outputTokens: null,
  totalTokens: null,
  cacheReadInputTokens: null,
  cacheCreationInputTokens: null,
  model: null,
  cost: null,
  status: 'COMPLETED',
  error: null,
  droppedSpanCount: 0,
  createdAt: OLD,
  deletedAt,
  version: 0,
});

const span = (
  organizationId: string,
  id: string,
  inferenceResultId: string,
  sessionId: string,
  extra: Partial<Span> = {},
): Span => ({
  id,
  organizationId,
  inferenceResultId,
  sessionId,
  name: id,
  type: 'SPAN',
  description: null,
  inputData: null,
  outputData: null,
  error: null,
  latencyMs: null,
  metadata: null,
  model: null,
  usage: null,
  parentTraceId: null,
  parentPending: false,
  startTime: OLD,
  endTime: null,
  createdAt: OLD,
  deletedAt: null,
  ...extra,
});

const evaluation = (
  organizationId: string,
  id: string,
  sessionId: string,
  inferenceResultId: string | null,
  deletedAt: string | null = null,
): Evaluation => ({
  ...createEvaluation(
    {
      id,
      organizationId,
      metricId: 'metric_1',
      sessionId,
      userId: null,
      testCaseId: null,
      inferenceResultId,
      runId: null,
      launchId: null,
      versionId: 'version_1',
      metricLegacyAt: null,
      metricDisabledAt: null,
    },
    OLD,
  ),
  deletedAt,
});

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();
const everything = { limit: 1000 };

async function live(storage: StoragePorts, organizationId: string) {
  return {
    sessions: ids(await storage.sessions.list(organizationId, everything)),
    inferenceResults: ids(await storage.inferenceResults.list(organizationId, everything)),
    spans: ids(await storage.spans.list(organizationId, everything)),
    evaluations: ids(await storage.evaluations.list(organizationId, everything)),
  };
}

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
        const total = rows.spans + rows.inferenceResults + rows.sessions + rows.evaluations;
        t.true(total <= 3);
        chunks.push(rows);
        if (total < 3) break;
      }
      const sum = (field: 'spans' | 'inferenceResults' | 'sessions' | 'evaluations') =>
        chunks.reduce((n, rows) => n + rows[field], 0);
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
      t.deepEqual(await sweeps.purge(CUTOFF, 3), { spans: 0, inferenceResults: 0, sessions: 0, evaluations: 0 });
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
