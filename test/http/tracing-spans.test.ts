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

// Span batches: what is created, refused alone or whole, and answered.
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
