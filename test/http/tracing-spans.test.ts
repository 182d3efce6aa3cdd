import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import {
  createInferenceResultFor,
  myTurnAndAStrangers,
  postSpans,
  uniqueSpanId as spanId,
} from '../support/tracing-fixtures.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { fieldNames } from '../support/field-names.ts';

const SPAN_FIELDS = fieldNames<Span, 'organizationId' | 'sessionId' | 'parentPending'>()([
  'createdAt',
  'deletedAt',
  'description',
  'endTime',
  'error',
  'id',
  'inferenceResultId',
  'inputData',
  'latencyMs',
  'metadata',
  'model',
  'name',
  'outputData',
  'parentTraceId',
  'startTime',
  'type',
  'usage',
]);

for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('a batch creates valid spans, refuses bad ones alone and counts them on their inference result'),
    async (t) => {
      const tenant = await createTenant(world());
      const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
      const good = {
        inferenceResultId,
        name: 'llm call',
        type: 'GENERATION',
        inputData: { prompt: 'hi' },
        outputData: { text: 'hello' },
        latencyMs: 12,
        metadata: { model: 'm' },
        startTime: '2026-01-01T00:00:00Z',
        endTime: '2026-01-01T00:00:01.500Z',
        description: 'the call',
      };
      const retrievalId = spanId('retrieval');
      const traces: Record<string, unknown>[] = [
        good,
        { inferenceResultId, name: '' },
        { inferenceResultId, name: 'slow', latencyMs: -1 },
        { inferenceResultId, name: 'big', description: 'x'.repeat(1024 * 1024 + 1) },
        { inferenceResultId: 'inferenceResult_unknown', name: 'orphan' },
        { inferenceResultId, name: 'odd', type: 'BANANA' },
        { inferenceResultId, name: 'backwards', startTime: '2026-01-01T00:00:02Z', endTime: '2026-01-01T00:00:01Z' },
        {
          inferenceResultId,
          name: 'retrieval',
          type: 'RETRIEVER',
          outputData: 'plain retrieved text',
          id: retrievalId,
        },
      ];
      const response = await postSpans(tenant.member, traces);
      t.is(response.status, 201, JSON.stringify(response.body).slice(0, 500));
      t.true(Array.isArray(response.body));
      t.is(response.body.length, 2);
      t.deepEqual(Object.keys(response.body[0]).sort(), SPAN_FIELDS);
      t.true(response.body[0].id.startsWith('trace_'));
      t.like(response.body[0], {
        name: 'llm call',
        type: 'GENERATION',
        latencyMs: 12,
        startTime: '2026-01-01T00:00:00.000Z',
        parentTraceId: null,
        deletedAt: null,
      });
      t.is(response.body[1].outputData, 'plain retrieved text');
      t.is(response.body[1].type, 'RETRIEVER');
      t.is(response.body[1].id, retrievalId);
      const result = await tenant.member.get(`/inferenceResults/${inferenceResultId}`);
      t.is(result.body.droppedSpanCount, 5, 'the span naming an unknown inference result has no result to count on');
      const read = await tenant.member.get(`/traces/${response.body[0].id}`);
      t.deepEqual(read.body, response.body[0]);
    },
  );

  test(
    title('includeRejected answers created and rejected; an all-refused batch is a 400 listing every rejection'),
    async (t) => {
      const tenant = await createTenant(world());
      const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
      const id = spanId('named');
      const report = await tenant.member.post(
        '/traces/batch',
        {
          traces: [
            { inferenceResultId, name: 'ok' },
            { inferenceResultId, id, name: ' ', latencyMs: -5 },
          ],
        },
        { query: { includeRejected: true } },
      );
      t.is(report.status, 201);
      t.deepEqual(Object.keys(report.body).sort(), ['created', 'rejected']);
      t.is(report.body.created.length, 1);
      t.is(report.body.rejected.length, 1);
      t.like(report.body.rejected[0], { index: 1, id, error: 'empty_name' });
      t.regex(report.body.rejected[0].message, /latencyMs/);
      const refused = await postSpans(tenant.member, [
        { inferenceResultId, name: '' },
        { inferenceResultId, name: 'x', type: 'NOPE' },
      ]);
      t.is(refused.status, 400);
      t.is(refused.body.error, 'invalid_input');
      t.deepEqual(
        refused.body.issues.map((issue: { path: string }) => issue.path),
        ['traces.0', 'traces.1'],
      );
      t.is(
        (await tenant.member.get(`/inferenceResults/${inferenceResultId}`)).body.droppedSpanCount,
        1,
        'a refused request writes nothing',
      );
      for (const body of [
        {},
        { traces: [] },
        { traces: {} },
        { traces: [{ inferenceResultId, name: 'a' }], extra: 1 },
      ]) {
        const bad = await tenant.member.post('/traces/batch', body);
        t.is(bad.status, 400, JSON.stringify(body));
        t.is(bad.body.error, 'invalid_input');
      }
      t.is(
        (
          await tenant.member.post(
            '/traces/batch',
            { traces: [{ inferenceResultId, name: 'a' }] },
            { query: { includeRejected: 'maybe' } },
          )
        ).status,
        400,
      );
      t.is((await tenant.member.post('/traces', { inferenceResultId, name: '' })).status, 400);
      const single = await tenant.member.post('/traces', { inferenceResultId, name: 'single', type: 'TOOL' });
      t.is(single.status, 201);
      t.is(single.body.type, 'TOOL');
    },
  );

  test(
    title("a batch naming another organization's inference result is refused whole with 403, nothing written"),
    async (t) => {
      const { me: tenant, stranger, mine, theirs } = await myTurnAndAStrangers(world());
      const theirSpan = spanId('theirs');
      t.is(
        (await postSpans(stranger.member, [{ inferenceResultId: theirs.inferenceResultId, id: theirSpan, name: 's' }]))
          .status,
        201,
      );
      const mixed = await postSpans(tenant.member, [
        { inferenceResultId: mine.inferenceResultId, name: 'fine' },
        { inferenceResultId: mine.inferenceResultId, name: '' },
        { inferenceResultId: theirs.inferenceResultId, name: 'sneaky' },
      ]);
      t.is(mixed.status, 403);
      t.is(mixed.body.error, 'forbidden');
      t.is((await tenant.member.get('/traces', { inferenceResultIds: [mine.inferenceResultId] })).body.length, 0);
      t.is((await tenant.member.get(`/inferenceResults/${mine.inferenceResultId}`)).body.droppedSpanCount, 0);
      t.is((await tenant.member.get(`/traces/${theirSpan}`)).status, 404);
      const erase = await tenant.member.delete('/traces/batch', { ids: [theirSpan] });
      t.is(erase.status, 404);
      t.is((await stranger.member.get(`/traces/${theirSpan}`)).body.name, 's');
    },
  );

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

  test(title('a batch of 10,000 spans is accepted; 10,001 is refused'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const traces = Array.from({ length: 10_000 }, (_, index) => ({
      inferenceResultId,
      name: `step ${index}`,
      inputData: { index },
    }));
    const response = await postSpans(tenant.member, traces);
    t.is(response.status, 201);
    t.is(response.body.length, 10_000);
    t.is(
      await world().platform.ports.spans.count(tenant.organizationId, {
        where: [{ field: 'inferenceResultId', op: 'eq', value: inferenceResultId }],
      }),
      10_000,
    );
    const tooMany = await postSpans(tenant.member, [...traces, traces[0]]);
    t.is(tooMany.status, 400);
    const huge = await postSpans(tenant.member, [
      { inferenceResultId, name: 'big', description: 'x'.repeat(17 * 1024 * 1024) },
    ]);
    t.is(huge.status, 413);
    t.is(huge.body.error, 'payload_too_large');
  });
}
