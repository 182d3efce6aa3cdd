import test from 'ava';
import { mapOtelSpan, otelSpanProblem, type OtelSpan } from '../../../domain/tracing/otel-span.ts';
import { nanosToIso } from '../../../domain/tracing/otel-time.ts';
import { summarizeOtelTraces, unplaceableReason } from '../../../domain/tracing/otel-traces.ts';

const otel = (attributes: Record<string, unknown>, extra: Partial<OtelSpan> = {}): OtelSpan => ({
  traceId: 'a'.repeat(32),
  spanId: 'b'.repeat(16),
  parentSpanId: null,
  name: 'op',
  kind: 1,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000250000000',
  attributes,
  resourceAttributes: { 'service.name': 'svc' },
  scopeName: 'scope',
  statusCode: 0,
  statusMessage: null,
  ...extra,
});

const types: [string, Record<string, unknown>, string][] = [
  ['chat', { 'gen_ai.operation.name': 'chat' }, 'GENERATION'],
  ['embeddings', { 'gen_ai.operation.name': 'embeddings' }, 'EMBEDDING'],
  ['tool', { 'gen_ai.operation.name': 'execute_tool' }, 'TOOL'],
  ['agent', { 'gen_ai.operation.name': 'invoke_agent' }, 'AGENT'],
  ['tool name only', { 'gen_ai.tool.name': 'search' }, 'TOOL'],
  ['model only', { 'gen_ai.request.model': 'm' }, 'GENERATION'],
  ['explicit type wins', { 'assay.span.type': 'GUARDRAIL', 'gen_ai.operation.name': 'chat' }, 'GUARDRAIL'],
  ['nothing known', { 'http.method': 'GET' }, 'SPAN'],
];
for (const [label, attributes, type] of types) {
  test(`OTel span type: ${label}`, (t) => t.is(mapOtelSpan(otel(attributes)).input.type, type));
}

test('OTel mapping: deterministic ids, times, usage, GenAI input and output, the rest in metadata', (t) => {
  const mapped = mapOtelSpan(
    otel(
      {
        'gen_ai.input.messages': '[{"role":"user","content":"q"}]',
        'gen_ai.output.messages': 'plain',
        'gen_ai.usage.input_tokens': 5,
        'gen_ai.usage.output_tokens': '7',
        'assay.inference_result.id': 'ir_1',
        'http.route': '/x',
      },
      { parentSpanId: 'c'.repeat(16), statusCode: 2, statusMessage: 'bad' },
    ),
  );
  t.like(mapped.input, {
    id: `trace_${'a'.repeat(32)}${'b'.repeat(16)}`,
    parentTraceId: `trace_${'a'.repeat(32)}${'c'.repeat(16)}`,
    startTime: '2023-11-14T22:13:20.000Z',
    latencyMs: 250,
    error: 'bad',
    inputData: { input_messages: [{ role: 'user', content: 'q' }] },
    outputData: { output_messages: 'plain' },
  });
  const metadata = mapped.input.metadata as Record<string, any>;
  t.is(metadata['http.route'], '/x');
  t.false('assay.inference_result.id' in metadata);
  t.false('gen_ai.usage.input_tokens' in metadata, 'mapped attributes are not repeated in metadata');
  t.deepEqual(mapped.input.usage, {
    inputTokens: 5,
    outputTokens: 7,
    totalTokens: 12,
    cacheReadInputTokens: null,
    cacheCreationInputTokens: null,
  });
  t.is(mapped.outputText, 'plain');
  t.is(mapped.inferenceResultId, 'ir_1');
  t.false(mapped.isRoot);
});

test('OTel traces without an inference result are summarised per trace and need a session or a conversation with a version', (t) => {
  const root = mapOtelSpan(
    otel(
      { 'session.id': 'conv', 'gen_ai.usage.input_tokens': 1 },
      { resourceAttributes: { 'assay.version.id': 'version_1' } },
    ),
  );
  const child = mapOtelSpan(
    otel(
      { 'gen_ai.usage.input_tokens': 2, 'gen_ai.prompt': 'hi' },
      { spanId: 'd'.repeat(16), parentSpanId: 'b'.repeat(16) },
    ),
  );
  const [summary] = summarizeOtelTraces([root, child]);
  t.like(summary, {
    conversationId: 'conv',
    versionId: 'version_1',
    usage: {
      inputTokens: 3,
      outputTokens: null,
      totalTokens: 3,
      cacheReadInputTokens: null,
      cacheCreationInputTokens: null,
    },
    input: 'hi',
    latency: 250,
  });
  t.is(unplaceableReason(summary), null);
  t.regex(unplaceableReason({ ...summary, versionId: null }) ?? '', /assay\.version\.id/);
  t.regex(unplaceableReason({ ...summary, versionId: null, conversationId: null }) ?? '', /assay\.session\.id/);
  t.is(nanosToIso('0'), null);
  t.is(nanosToIso(null), null);
});

const malformed: [string, Partial<OtelSpan>, RegExp | null][] = [
  ['well formed', {}, null],
  ['trace id not hex', { traceId: 'g'.repeat(32) }, /traceId must be 32 hexadecimal/],
  ['trace id too short (8 bytes)', { traceId: 'a'.repeat(16) }, /traceId/],
  ['trace id missing', { traceId: '' }, /traceId/],
  ['span id too long', { spanId: 'b'.repeat(18) }, /spanId must be 16 hexadecimal/],
  ['span id upper case (decoders lowercase)', { spanId: 'B'.repeat(16) }, /spanId/],
  ['parent span id malformed', { parentSpanId: 'c'.repeat(15) }, /parentSpanId/],
  ['start time beyond range', { startTimeUnixNano: '9'.repeat(23) }, /startTimeUnixNano is beyond/],
  ['end time of 31 digits', { endTimeUnixNano: '1'.repeat(31) }, /endTimeUnixNano must be a non-negative integer/],
  ['negative time', { startTimeUnixNano: '-1' }, /startTimeUnixNano must be/],
  ['the last representable instant', { startTimeUnixNano: `8640000000000000${'0'.repeat(6)}` }, null],
  ['zero time is no time', { startTimeUnixNano: '0', endTimeUnixNano: null }, null],
];
for (const [label, change, problem] of malformed) {
  test(`OTel span check: ${label}`, (t) => {
    const found = otelSpanProblem(otel({}, change));
    if (problem === null) t.is(found, null);
    else t.regex(found ?? '', problem);
  });
}

test('times beyond range never throw when mapped: they read as no time', (t) => {
  t.is(nanosToIso('9'.repeat(23)), null);
  t.is(nanosToIso(`8640000000000000${'0'.repeat(6)}`), '+275760-09-13T00:00:00.000Z');
});

test('grouping by trace is linear: 100,000 spans of one trace summarize at once', (t) => {
  const mapped = mapOtelSpan(otel({ 'assay.session.id': 's' }));
  const summaries = summarizeOtelTraces(Array.from({ length: 100_000 }, () => mapped));
  t.is(summaries.length, 1);
  t.is(summaries[0].usage, null);
});

test('OTel latency is exact to the nanosecond whatever the times, and an attribute named __proto__ is an ordinary field', (t) => {
  const pairs: [string, string, number][] = [
    ['1700000000000000000', '1700000000250000000', 250],
    ['1700000000000000001', '1700000000123456789', 123.456788],
    ['999', '1000999', 1],
    ['1', '2', 0.000001],
  ];
  for (const [start, end, latency] of pairs) {
    const mapped = mapOtelSpan(otel({}, { startTimeUnixNano: start, endTimeUnixNano: end }));
    t.is(mapped.input.latencyMs, Number(BigInt(end) - BigInt(start)) / 1e6, `${start} → ${end}`);
    t.is(mapped.input.latencyMs, latency);
  }
  const attributes = JSON.parse('{"__proto__": {"polluted": true}, "plain": 1}') as Record<string, unknown>;
  const metadata = mapOtelSpan(otel(attributes)).input.metadata as Record<string, unknown>;
  t.deepEqual(Object.getOwnPropertyDescriptor(metadata, '__proto__')?.value, { polluted: true });
  t.is(Object.getPrototypeOf(metadata), Object.prototype);
  t.is(metadata.plain, 1);
});
