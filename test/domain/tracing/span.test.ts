import test from 'ava';
import { Forbidden, InvalidInput } from '../../../domain/errors.ts';
import { assertBatchWritable, assertSomeCreated, planSpanBatch } from '../../../domain/tracing/span-batch.ts';
import { admitSpan } from '../../../domain/tracing/admit-span.ts';
import { DESCRIPTION_LIMIT_BYTES, type SpanErrorCode } from '../../../domain/tracing/span.ts';

const context = {
  organizationId: 'org_1',
  now: '2026-01-01T00:00:00.000Z',
  inferenceResults: new Map([['ir_1', { sessionId: 'session_1' }]]),
};
let minted = 0;
const mint = () => `trace_minted${++minted}`;
const base = { inferenceResultId: 'ir_1', name: 'step' };
/** The ids of a span batch plan: the spans stored for the first time, and every span it answers as created. */
const idsIn = (plan: ReturnType<typeof planSpanBatch>) => ({
  fresh: plan.fresh.map((span) => span.id),
  created: plan.created.map((span) => span.id),
});

const refusals: [string, Record<string, unknown>, SpanErrorCode][] = [
  ['empty name', { ...base, name: '' }, 'empty_name'],
  ['blank name', { ...base, name: '   ' }, 'empty_name'],
  ['missing name', { inferenceResultId: 'ir_1' }, 'empty_name'],
  ['negative latency', { ...base, latencyMs: -0.5 }, 'negative_latency'],
  ['latency not a number', { ...base, latencyMs: '12' }, 'invalid_field'],
  [
    'description over 1 MiB',
    { ...base, description: 'x'.repeat(DESCRIPTION_LIMIT_BYTES + 1) },
    'description_too_large',
  ],
  [
    'description over 1 MiB in UTF-8 bytes',
    { ...base, description: 'é'.repeat(DESCRIPTION_LIMIT_BYTES / 2 + 1) },
    'description_too_large',
  ],
  ['unknown inference result', { ...base, inferenceResultId: 'ir_other' }, 'unknown_inference_result'],
  ['no inference result', { name: 'x' }, 'unknown_inference_result'],
  ['unknown type', { ...base, type: 'BANANA' }, 'unknown_type'],
  [
    'end before start',
    { ...base, startTime: '2026-01-01T00:00:02Z', endTime: '2026-01-01T00:00:01Z' },
    'end_before_start',
  ],
  ['bad timestamp', { ...base, startTime: 'yesterday' }, 'invalid_field'],
  ['inputData not an object', { ...base, inputData: [1, 2] }, 'invalid_field'],
  ['outputData a number', { ...base, outputData: 3 }, 'invalid_field'],
  ['unknown field', { ...base, colour: 'red' }, 'unknown_field'],
  ['id without the trace_ prefix', { ...base, id: 'span_1' }, 'invalid_field'],
  ['its own parent', { ...base, id: 'trace_a', parentTraceId: 'trace_a' }, 'invalid_field'],
];

for (const [label, input, code] of refusals) {
  test(`a span is refused: ${label}`, (t) => {
    const verdict = admitSpan(input, mint, context, new Set());
    t.false(verdict.ok);
    if (!verdict.ok) t.is(verdict.problems[0].error, code);
  });
}

test('a valid span is built with defaults: minted id, type SPAN, latency from its times, denormalised session', (t) => {
  const verdict = admitSpan(
    { ...base, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-01T00:00:00.250Z', outputData: 'retrieved text' },
    mint,
    context,
    new Set(),
  );
  t.true(verdict.ok);
  if (!verdict.ok) return;
  t.like(verdict.span, {
    type: 'SPAN',
    latencyMs: 250,
    sessionId: 'session_1',
    outputData: 'retrieved text',
    parentTraceId: null,
    parentPending: false,
    startTime: '2026-01-01T00:00:00.000Z',
  });
  t.true(verdict.span.id.startsWith('trace_minted'));
});

test('timestamps are stored as toISOString writes them: canonical ones kept, others normalised the way Date reads them', (t) => {
  const samples = [
    '2026-01-01T00:00:00.000Z',
    '2024-02-29T12:34:56.789Z',
    '2000-02-29T00:00:00.000Z',
    '2026-02-29T00:00:00.000Z',
    '1900-02-29T00:00:00.000Z',
    '2026-04-31T00:00:00.000Z',
    '2026-01-01T24:00:00.000Z',
    '2026-01-01T00:00:00Z',
    '2026-01-01T01:00:00+01:00',
    '2026-13-01T00:00:00.000Z',
    '2026-01-01T23:59:60.000Z',
    '2026-01-01T00:00:00.000z',
    '2026-0a-01T00:00:00.000Z',
  ];
  for (const startTime of samples) {
    const verdict = admitSpan({ ...base, startTime }, mint, context, new Set());
    const millis = Date.parse(startTime);
    if (Number.isNaN(millis)) t.false(verdict.ok, startTime);
    else t.is(verdict.ok ? verdict.span.startTime : null, new Date(millis).toISOString(), startTime);
  }
});

test('a parent in the same batch is settled at once; one outside waits', (t) => {
  const inBatch = admitSpan({ ...base, parentTraceId: 'trace_p' }, mint, context, new Set(['trace_p']));
  const outside = admitSpan({ ...base, parentTraceId: 'trace_q' }, mint, context, new Set(['trace_p']));
  t.true(inBatch.ok && !inBatch.span.parentPending);
  t.true(outside.ok && outside.span.parentPending && outside.span.parentTraceId === 'trace_q');
});

test('a batch plan keeps valid spans, counts refused ones per known inference result, answers re-sent ones as stored, stores repeats once', (t) => {
  const stored = admitSpan({ ...base, id: 'trace_old', name: 'stored name' }, mint, context, new Set());
  if (!stored.ok) throw new Error('setup');
  const plan = planSpanBatch(
    [
      { ...base, id: 'trace_new' },
      { ...base, name: '' },
      { ...base, latencyMs: -1 },
      { inferenceResultId: 'ir_x', name: 'a' },
      { ...base, id: 'trace_old', name: 'changed' },
      { ...base, id: 'trace_new' },
    ],
    context,
    new Map([['trace_old', stored.span]]),
    mint,
  );
  t.deepEqual(idsIn(plan), { fresh: ['trace_new'], created: ['trace_new', 'trace_old'] });
  t.is(plan.created[1].name, 'stored name');
  t.deepEqual(
    plan.rejected.map((rejection) => [rejection.index, rejection.error]),
    [
      [1, 'empty_name'],
      [2, 'negative_latency'],
      [3, 'unknown_inference_result'],
    ],
  );
  t.deepEqual(plan.dropped, [
    { inferenceResultId: 'ir_1', spanId: null },
    { inferenceResultId: 'ir_1', spanId: null },
  ]);
  t.notThrows(() => assertSomeCreated(plan));
});

test('a refused span with an id is listed for counting once however often the batch repeats it', (t) => {
  const plan = planSpanBatch(
    [
      { ...base, id: 'trace_bad', name: '' },
      { ...base, id: 'trace_bad', name: '' },
      { ...base, name: '' },
      { ...base, name: '' },
    ],
    context,
    new Map(),
    mint,
  );
  t.is(plan.rejected.length, 4);
  t.deepEqual(plan.dropped, [
    { inferenceResultId: 'ir_1', spanId: 'trace_bad' },
    { inferenceResultId: 'ir_1', spanId: null },
    { inferenceResultId: 'ir_1', spanId: null },
  ]);
});

test('a re-sent id of a soft-deleted span is refused as deleted_span, neither stored nor answered as created', (t) => {
  const stored = admitSpan({ ...base, id: 'trace_gone' }, mint, context, new Set());
  if (!stored.ok) throw new Error('setup');
  const deleted = { ...stored.span, deletedAt: '2026-01-02T00:00:00.000Z' };
  const plan = planSpanBatch(
    [
      { ...base, id: 'trace_gone' },
      { ...base, id: 'trace_fresh' },
    ],
    context,
    new Map([['trace_gone', deleted]]),
    mint,
  );
  t.deepEqual(idsIn(plan), { fresh: ['trace_fresh'], created: ['trace_fresh'] });
  t.like(plan.rejected, [{ index: 0, id: 'trace_gone', error: 'deleted_span' }]);
  t.deepEqual(plan.dropped, [], 'a deleted span was stored once: it is not a dropped span');
});

test('a batch with nothing created is invalid input listing every refusal', (t) => {
  const plan = planSpanBatch([{ ...base, name: '' }, 'not an object'], context, new Map(), mint);
  const error = t.throws(() => assertSomeCreated(plan), { instanceOf: InvalidInput });
  t.deepEqual(
    error?.issues.map((issue) => issue.path),
    ['traces.0', 'traces.1'],
  );
});

test('a batch referring to another organization is forbidden whole', (t) => {
  t.notThrows(() => assertBatchWritable('org_1', [{ id: 'ir_1', organizationId: 'org_1' }]));
  t.throws(
    () =>
      assertBatchWritable('org_1', [
        { id: 'ir_1', organizationId: 'org_1' },
        { id: 'ir_2', organizationId: 'org_2' },
      ]),
    { instanceOf: Forbidden },
  );
});
