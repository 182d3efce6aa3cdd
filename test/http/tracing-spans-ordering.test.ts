import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, postSpans, uniqueSpanId as spanId } from '../support/tracing-fixtures.ts';

// Span batches over time: re-sends, late parents, concurrent batches and lists of what was stored.
for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('re-sending spans with their ids is idempotent: no duplicate, no error, the stored span answered'),
    async (t) => {
      const tenant = await createTenant(world());
      const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
      const traces = [0, 1, 2].map((index) => ({
        inferenceResultId,
        id: spanId(`again${index}`),
        name: `step ${index}`,
      }));
      const first = await postSpans(tenant.member, traces);
      t.is(first.status, 201);
      const second = await postSpans(tenant.member, [...traces, traces[0]]);
      t.is(second.status, 201);
      t.deepEqual(
        second.body.map((span: { id: string }) => span.id),
        traces.map((trace) => trace.id),
      );
      t.deepEqual(second.body, first.body);
      const listed = await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] });
      t.is(listed.body.length, 3);
      t.is((await tenant.member.post('/traces', traces[1])).status, 201);
      t.is((await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] })).body.length, 3);
      const badId = await tenant.member.post(
        '/traces/batch',
        { traces: [{ inferenceResultId, id: 'span_1', name: 'x' }] },
        { query: { includeRejected: true } },
      );
      t.is(badId.status, 400);
    },
  );

  test(
    title('late parents: the parent arriving after its child (either order, or concurrently) is linked'),
    async (t) => {
      const tenant = await createTenant(world());
      const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
      const { spans } = world().platform.ports;
      const pending = async (id: string) => (await spans.get(tenant.organizationId, id))?.parentPending;

      const parent = spanId('parent');
      const child = spanId('child');
      const childFirst = await postSpans(tenant.member, [
        { inferenceResultId, id: child, name: 'child', parentTraceId: parent },
      ]);
      t.is(childFirst.body[0].parentTraceId, parent, 'the parent as sent is stored at creation');
      t.true(await pending(child));
      await postSpans(tenant.member, [{ inferenceResultId, id: parent, name: 'parent' }]);
      t.false(await pending(child));
      t.is((await tenant.member.get(`/traces/${child}`)).body.parentTraceId, parent);

      const parent2 = spanId('parent2');
      const child2 = spanId('child2');
      await postSpans(tenant.member, [{ inferenceResultId, id: parent2, name: 'parent' }]);
      await postSpans(tenant.member, [{ inferenceResultId, id: child2, name: 'child', parentTraceId: parent2 }]);
      t.false(await pending(child2));
      const inBatch = spanId('inBatchChild');
      const inBatchParent = spanId('inBatchParent');
      await postSpans(tenant.member, [
        { inferenceResultId, id: inBatch, name: 'c', parentTraceId: inBatchParent },
        { inferenceResultId, id: inBatchParent, name: 'p' },
      ]);
      t.false(await pending(inBatch));

      for (let round = 0; round < 5; round++) {
        const roots = [0, 1, 2].map((index) => spanId(`root${round}_${index}`));
        const leaves = roots.map((root, index) => ({
          inferenceResultId,
          id: spanId(`leaf${round}_${index}`),
          name: 'leaf',
          parentTraceId: root,
        }));
        const [a, b] = await Promise.all([
          postSpans(tenant.member, leaves),
          postSpans(
            tenant.member,
            roots.map((id) => ({ inferenceResultId, id, name: 'root' })),
          ),
        ]);
        t.is(a.status, 201);
        t.is(b.status, 201);
        for (const leaf of leaves) t.false(await pending(leaf.id), `round ${round}: ${leaf.id} still waits`);
      }
      const orphan = spanId('orphan');
      await tenant.member.post('/traces', {
        inferenceResultId,
        id: orphan,
        name: 'o',
        parentTraceId: 'trace_never_sent',
      });
      t.true(await pending(orphan));
      t.is((await tenant.member.get('/traces', { parentTraceIds: [parent] })).body[0].id, child);
    },
  );

  test(title('concurrent batches never lose a dropped-span increment'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const batch = {
      traces: [
        { inferenceResultId, name: 'ok' },
        { inferenceResultId, name: '' },
        { inferenceResultId, name: 'neg', latencyMs: -1 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => tenant.member.post('/traces/batch', batch)));
    t.deepEqual(
      answers.map((answer) => answer.status),
      [201, 201, 201, 201, 201, 201],
    );
    t.is((await tenant.member.get(`/inferenceResults/${inferenceResultId}`)).body.droppedSpanCount, 12);
    const patched = await tenant.member.patch(`/inferenceResults/${inferenceResultId}`, { output: 'changed' });
    t.is(patched.body.droppedSpanCount, 12);
  });

  test(
    title(
      'list filters, reads, soft delete by batch (foreign or unknown ids: 404, nothing deleted), cascade from the inference result',
    ),
    async (t) => {
      const tenant = await createTenant(world());
      const { inferenceResultId, sessionId } = await createInferenceResultFor(world(), tenant);
      const other = await createInferenceResultFor(world(), tenant);
      const created = await postSpans(tenant.member, [
        { inferenceResultId, name: 'a', type: 'TOOL', startTime: '2026-01-01T00:00:00Z' },
        { inferenceResultId, name: 'b', type: 'GENERATION', startTime: '2026-01-02T00:00:00Z' },
        { inferenceResultId: other.inferenceResultId, name: 'a', type: 'TOOL', startTime: '2026-01-03T00:00:00Z' },
      ]);
      const [a, b, c] = created.body.map((span: { id: string }) => span.id);
      const ids = (response: { body: { id: string }[] }) => response.body.map((span) => span.id).sort();
      t.deepEqual(ids(await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] })), [a, b].sort());
      t.deepEqual(ids(await tenant.member.get('/traces', { sessionIds: [sessionId] })), [a, b].sort());
      t.deepEqual(ids(await tenant.member.get('/traces', { types: ['TOOL'] })), [a, c].sort());
      t.deepEqual(ids(await tenant.member.get('/traces', { names: ['b'] })), [b]);
      t.deepEqual(
        ids(
          await tenant.member.get('/traces', {
            startTimeAfter: '2026-01-02T00:00:00Z',
            startTimeBefore: '2026-01-02T12:00:00Z',
          }),
        ),
        [b],
      );
      const sorted = await tenant.member.get('/traces', { sort: 'startTime,asc' });
      t.deepEqual(
        sorted.body.map((span: { id: string }) => span.id),
        [a, b, c],
      );
      t.is((await tenant.member.get('/traces', { types: ['NOPE'] })).status, 400);
      t.is((await tenant.member.get('/traces', { sort: 'secret,asc' })).status, 400);
      t.is((await tenant.member.get('/traces/trace_missing')).status, 404);

      const unknown = await tenant.member.delete('/traces/batch', { ids: [a, 'trace_missing'] });
      t.is(unknown.status, 404);
      t.is((await tenant.member.get(`/traces/${a}`)).status, 200);
      t.is((await tenant.member.delete('/traces/batch', {})).status, 400);
      const removed = await tenant.member.delete('/traces/batch', { ids: [a, b] });
      t.is(removed.status, 200);
      t.deepEqual(removed.body, { deleted: 2 });
      t.is((await tenant.member.get(`/traces/${a}`)).status, 404);
      t.is(
        (await world().platform.ports.spans.get(tenant.organizationId, a, { includeDeleted: true }))?.deletedAt !==
          null,
        true,
      );
      t.is((await tenant.member.delete('/traces/batch', { ids: [a] })).status, 404);
      t.is((await tenant.member.delete(`/inferenceResults/${other.inferenceResultId}`)).status, 200);
      t.is((await tenant.member.get(`/traces/${c}`)).status, 404);
    },
  );
}
