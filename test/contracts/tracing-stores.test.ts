import test from 'ava';
import { Conflict } from '../../domain/errors.ts';
import { createInferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** The tracing store extensions (JSON batch insert, atomic dropped counts, parent settling) behave alike everywhere. */
const NOW = '2026-01-01T00:00:00.000Z';

const span = (id: string, extra: Partial<Span> = {}): Span => ({
  id,
  organizationId: 'org_a',
  inferenceResultId: 'ir_1',
  sessionId: 'session_1',
  name: `span ${id}`,
  type: 'SPAN',
  description: null,
  inputData: { nested: { list: [1, 'two'] } },
  outputData: 'plain text',
  error: null,
  latencyMs: 1.25,
  metadata: null,
  model: 'gpt-x',
  usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7, cacheReadInputTokens: 3, cacheCreationInputTokens: null },
  parentTraceId: null,
  parentPending: false,
  startTime: '2026-01-01T00:00:01.500Z',
  endTime: null,
  createdAt: NOW,
  deletedAt: null,
  ...extra,
});

for (const name of await storageNames()) {
  test(`[${name}] span batches: one insert round-trips every field, ignores existing ids on request, refuses duplicates otherwise`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      await uow.transaction(() =>
        spans.insertMany(
          [
            span('trace_1'),
            span('trace_2', {
              outputData: { text: 'x' },
              metadata: { a: true },
              parentPending: true,
              parentTraceId: 'trace_9',
            }),
          ],
          { ignoreExisting: true },
        ),
      );
      t.deepEqual(await spans.get('org_a', 'trace_1'), span('trace_1'));
      t.like(await spans.get('org_a', 'trace_2'), {
        outputData: { text: 'x' },
        metadata: { a: true },
        parentPending: true,
      });
      await spans.insertMany([span('trace_1', { name: 'changed' }), span('trace_3')], { ignoreExisting: true });
      t.is((await spans.get('org_a', 'trace_1'))?.name, 'span trace_1');
      await t.throwsAsync(spans.insertMany([span('trace_3')]), { instanceOf: Conflict });
      const later = await spans.list('org_a', {
        where: [
          { field: 'startTime', op: 'gte', value: '2026-01-01T00:00:01.000Z' },
          { field: 'metadata', op: 'isNull' },
        ],
      });
      t.deepEqual(later.map((item) => item.id).sort(), ['trace_1', 'trace_3']);
      t.is(await spans.get('org_b', 'trace_1'), null);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] a large batch round-trips every row, whichever columns its rows share (chunks of 1000, one-row chunks)`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      // Rows 0–1499: name, times and outputs vary per row; the organization, inference result, nulls and flags are
      // shared, except that every 7th row differs in type, metadata and parent (a column shared in one chunk only).
      const batch = Array.from({ length: 1500 }, (_, index) =>
        span(`trace_big_${index}`, {
          name: `step ${index}`,
          outputData: index % 2 === 0 ? `answer ${index}` : { text: `answer ${index}` },
          startTime: new Date(Date.parse(NOW) + index).toISOString(),
          latencyMs: index,
          ...(index % 7 === 0 || index >= 1000
            ? {}
            : { type: 'GENERATION', metadata: { step: index }, parentTraceId: 'trace_big_0', parentPending: true }),
        }),
      );
      // Staged (encoded ahead of the transaction) where the store offers it; the lone span below is not.
      spans.stage?.(batch);
      await uow.transaction(() => spans.insertMany(batch, { ignoreExisting: true }));
      await uow.transaction(() => spans.insertMany([span('trace_alone', { latencyMs: 7 })], { ignoreExisting: true }));
      const stored = await spans.list('org_a', { limit: 2000 });
      const byId = new Map(stored.map((item) => [item.id, item]));
      t.is(byId.size, 1501);
      for (const expected of [...batch, span('trace_alone', { latencyMs: 7 })])
        t.deepEqual(byId.get(expected.id), expected);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] parents settle: waiting children of arrived spans, and waiting spans whose parent is stored`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans } = world.storage;
      await spans.insertMany([
        span('trace_child', { parentTraceId: 'trace_parent', parentPending: true }),
        span('trace_other', { parentTraceId: 'trace_none', parentPending: true }),
      ]);
      await spans.insertMany([span('trace_parent')]);
      t.true(await spans.hasWaitingChildren('org_a', ['trace_x', 'trace_parent']));
      t.false(await spans.hasWaitingChildren('org_b', ['trace_parent']), 'another organization has none waiting');
      t.false(await spans.hasWaitingChildren('org_a', ['trace_child', 'trace_x']));
      t.false(await spans.hasWaitingChildren('org_a', []));
      await spans.settleParents('org_b', ['trace_parent'], []);
      t.true((await spans.get('org_a', 'trace_child'))?.parentPending, 'another organization settles nothing');
      await spans.settleParents('org_a', ['trace_parent'], []);
      t.false((await spans.get('org_a', 'trace_child'))?.parentPending);
      t.true((await spans.get('org_a', 'trace_other'))?.parentPending);
      t.false(await spans.hasWaitingChildren('org_a', ['trace_parent']), 'settled children wait no more');
      await spans.insertMany([span('trace_late', { parentTraceId: 'trace_parent', parentPending: true })]);
      await spans.settleParents('org_a', ['trace_late'], ['trace_late']);
      t.false((await spans.get('org_a', 'trace_late'))?.parentPending);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] dropped-span counts grow atomically and survive updates`, async (t) => {
    const world = await openStorage(name);
    try {
      const { inferenceResults, uow } = world.storage;
      const result = await inferenceResults.insert(
        createInferenceResult({ sessionId: 'session_1' }, { id: 'ir_1', organizationId: 'org_a', now: NOW }),
      );
      const anonymous = { inferenceResultId: 'ir_1', spanId: null };
      await Promise.all(
        Array.from({ length: 8 }, () =>
          uow.transaction(() => inferenceResults.addDroppedSpans('org_a', [anonymous, anonymous])),
        ),
      );
      await inferenceResults.addDroppedSpans(
        'org_b',
        Array.from({ length: 100 }, () => anonymous),
      );
      t.is((await inferenceResults.get('org_a', 'ir_1'))?.droppedSpanCount, 16);
      const updated = await inferenceResults.update({ ...result, output: 'answer' });
      t.like(updated, { droppedSpanCount: 16, output: 'answer', version: 1 });
      t.like(await inferenceResults.get('org_a', 'ir_1'), { droppedSpanCount: 16, output: 'answer' });
    } finally {
      await world.close();
    }
  });

  test(`[${name}] span ids are unique per organization: the same id in two organizations, each seeing its own`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      await uow.transaction(() => spans.insertMany([span('trace_root1')]));
      await uow.transaction(() =>
        spans.insertMany([span('trace_root1', { organizationId: 'org_b', name: 'theirs' })], { ignoreExisting: true }),
      );
      t.is((await spans.get('org_a', 'trace_root1'))?.name, 'span trace_root1');
      t.is((await spans.get('org_b', 'trace_root1'))?.name, 'theirs');
      await t.throwsAsync(spans.insertMany([span('trace_root1', { organizationId: 'org_b' })]), {
        instanceOf: Conflict,
      });
      await spans.softDeleteWhere('org_a', [{ field: 'id', op: 'eq', value: 'trace_root1' }], NOW);
      t.is(await spans.get('org_a', 'trace_root1'), null);
      t.is(
        (await spans.get('org_b', 'trace_root1'))?.deletedAt,
        null,
        "deleting one organization's span leaves the other's",
      );
      const found = await spans.listByIds('org_a', ['trace_root1', 'trace_unknown']);
      t.deepEqual(
        found.map((item) => [item.id, item.organizationId, item.deletedAt]),
        [['trace_root1', 'org_a', NOW]],
        'listByIds includes deleted spans, of the organization only',
      );
      t.deepEqual(await spans.listByIds('org_c', ['trace_root1']), []);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] a refused span id counts once however often it is refused again, per organization`, async (t) => {
    const world = await openStorage(name);
    try {
      const { inferenceResults, uow } = world.storage;
      for (const organizationId of ['org_a', 'org_b'])
        await inferenceResults.insert(
          createInferenceResult({ sessionId: 'session_1' }, { id: `ir_${organizationId}`, organizationId, now: NOW }),
        );
      const refused = (organizationId: string) => [
        { inferenceResultId: `ir_${organizationId}`, spanId: 'trace_bad' },
        { inferenceResultId: `ir_${organizationId}`, spanId: 'trace_worse' },
        { inferenceResultId: `ir_${organizationId}`, spanId: null },
      ];
      for (let round = 0; round < 3; round++)
        await uow.transaction(() => inferenceResults.addDroppedSpans('org_a', refused('org_a')));
      await uow.transaction(() => inferenceResults.addDroppedSpans('org_b', refused('org_b')));
      t.is(
        (await inferenceResults.get('org_a', 'ir_org_a'))?.droppedSpanCount,
        2 + 3,
        'two ids once, the anonymous thrice',
      );
      t.is(
        (await inferenceResults.get('org_b', 'ir_org_b'))?.droppedSpanCount,
        3,
        'the same ids count in another organization',
      );
      const listed = await inferenceResults.listByIds(null, ['ir_org_a', 'ir_org_b', 'ir_none']);
      t.deepEqual(listed.map((result) => result.id).sort(), ['ir_org_a', 'ir_org_b']);
      t.deepEqual(
        (await inferenceResults.listByIds('org_b', ['ir_org_a', 'ir_org_b'])).map((result) => result.id),
        ['ir_org_b'],
      );
    } finally {
      await world.close();
    }
  });
}
