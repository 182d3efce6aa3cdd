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
        spans.insertMany([
          span('trace_1'),
          span('trace_2', {
            outputData: { text: 'x' },
            metadata: { a: true },
            parentPending: true,
            parentTraceId: 'trace_9',
          }),
        ]),
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

  test(`[${name}] parents settle: waiting children of arrived spans, and waiting spans whose parent is stored`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans } = world.storage;
      await spans.insertMany([
        span('trace_child', { parentTraceId: 'trace_parent', parentPending: true }),
        span('trace_other', { parentTraceId: 'trace_none', parentPending: true }),
      ]);
      await spans.insertMany([span('trace_parent')]);
      await spans.settleParents('org_b', ['trace_parent'], []);
      t.true((await spans.get('org_a', 'trace_child'))?.parentPending, 'another organization settles nothing');
      await spans.settleParents('org_a', ['trace_parent'], []);
      t.false((await spans.get('org_a', 'trace_child'))?.parentPending);
      t.true((await spans.get('org_a', 'trace_other'))?.parentPending);
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
      await Promise.all(
        Array.from({ length: 8 }, () =>
          uow.transaction(() => inferenceResults.addDroppedSpans('org_a', new Map([['ir_1', 2]]))),
        ),
      );
      await inferenceResults.addDroppedSpans('org_b', new Map([['ir_1', 100]]));
      t.is((await inferenceResults.get('org_a', 'ir_1'))?.droppedSpanCount, 16);
      const updated = await inferenceResults.update({ ...result, output: 'answer' });
      t.like(updated, { droppedSpanCount: 16, output: 'answer', version: 1 });
      t.like(await inferenceResults.get('org_a', 'ir_1'), { droppedSpanCount: 16, output: 'answer' });
    } finally {
      await world.close();
    }
  });
}
