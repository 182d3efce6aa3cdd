import test from 'ava';
import type { Span } from '../../domain/tracing/span.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/**
 * The span batch's hot-path store calls: `insertAlone` (one statement outside a transaction, or nothing written and
 * false) and `listForBatch` (the planning read: stored spans with the ids, and whether a stored span waits for one).
 */
const NOW = '2026-01-01T00:00:00.000Z';

const span = (id: string, extra: Partial<Span> = {}): Span => ({
  id,
  organizationId: 'org_a',
  inferenceResultId: 'ir_1',
  sessionId: 'session_1',
  name: `span ${id}`,
  type: 'SPAN',
  description: null,
  inputData: { prompt: id },
  outputData: 'plain text',
  error: null,
  latencyMs: 3,
  metadata: null,
  model: null,
  usage: null,
  parentTraceId: null,
  parentPending: false,
  startTime: '2026-01-01T00:00:01.500Z',
  endTime: null,
  createdAt: NOW,
  deletedAt: null,
  ...extra,
});

const batch = (prefix: string, size: number) => Array.from({ length: size }, (_, index) => span(`${prefix}${index}`));

for (const name of await storageNames()) {
  test(`[${name}] insertAlone writes a one-statement batch outside a transaction, stored ids ignored; otherwise nothing`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      if (!spans.insertAlone) return t.pass('this store has no single-statement path');
      const first = batch('trace_alone_', 3);
      t.true(await spans.insertAlone(first));
      // A re-send with one new span: the stored ones are left as they are (not overwritten), the new one is stored.
      const again = [span('trace_alone_0', { name: 'changed' }), span('trace_alone_new')];
      spans.stage?.(again);
      t.true(await spans.insertAlone(again));
      t.true(await spans.insertAlone([]));
      // Inside a transaction the caller's transaction writes: nothing here.
      t.false(await uow.transaction(() => spans.insertAlone!([span('trace_inside')])));
      const stored = new Map((await spans.list('org_a', { limit: 100 })).map((item) => [item.id, item]));
      t.deepEqual([...stored.keys()].sort(), ['trace_alone_0', 'trace_alone_1', 'trace_alone_2', 'trace_alone_new']);
      t.deepEqual(stored.get('trace_alone_0'), first[0]);
      t.deepEqual(stored.get('trace_alone_new'), again[1]);
      // More rows than one statement holds (SQLite: chunks of 1000): false and nothing written, or all of it.
      const large = batch('trace_large_', 1200);
      const alone = await spans.insertAlone(large);
      const count = (await spans.list('org_a', { limit: 2000 })).length;
      t.is(count, alone ? 1204 : 4);
      if (name === 'sqlite') t.false(alone);
    } finally {
      await world.close();
    }
  });
}

for (const name of await storageNames()) {
  test(`[${name}] listForBatch: the organization's spans with the ids (deleted too), and whether one waits for them`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans } = world.storage;
      const deleted = span('trace_gone', { deletedAt: NOW });
      await spans.insertMany([
        span('trace_child', { parentTraceId: 'trace_parent', parentPending: true }),
        span('trace_kept'),
        deleted,
        span('trace_theirs', { organizationId: 'org_b', parentTraceId: 'trace_p2', parentPending: true }),
      ]);
      const read = await spans.listForBatch('org_a', ['trace_kept', 'trace_gone', 'trace_new', 'trace_parent']);
      t.deepEqual(read.stored.map((item) => item.id).sort(), ['trace_gone', 'trace_kept']);
      t.deepEqual(
        read.stored.find((item) => item.id === 'trace_gone'),
        deleted,
      );
      t.true(read.childrenWait, 'trace_child waits for trace_parent');
      t.deepEqual(await spans.listForBatch('org_a', ['trace_new', 'trace_p2']), { stored: [], childrenWait: false });
      t.deepEqual(await spans.listForBatch('org_a', ['trace_child']), {
        stored: [span('trace_child', { parentTraceId: 'trace_parent', parentPending: true })],
        childrenWait: false,
      });
      t.deepEqual(await spans.listForBatch('org_b', ['trace_p2']), { stored: [], childrenWait: true });
      t.deepEqual(await spans.listForBatch('org_a', []), { stored: [], childrenWait: false });
    } finally {
      await world.close();
    }
  });
}
