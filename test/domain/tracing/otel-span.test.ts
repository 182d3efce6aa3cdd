import test from 'ava';
import {
  mapOtelSpan,
  nanosToIso,
  summarizeOtelTraces,
  unplaceableReason,
  type OtelSpan,
} from '../../../domain/tracing/otel-span.ts';

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
  t.deepEqual(metadata.usage, { inputTokens: 5, outputTokens: 7, totalTokens: 12 });
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
    inputTokens: 3,
    outputTokens: null,
    input: 'hi',
    latency: 250,
  });
  t.is(unplaceableReason(summary), null);
  t.regex(unplaceableReason({ ...summary, versionId: null }) ?? '', /assay\.version\.id/);
  t.regex(unplaceableReason({ ...summary, versionId: null, conversationId: null }) ?? '', /assay\.session\.id/);
  t.is(nanosToIso('0'), null);
  t.is(nanosToIso(null), null);
});
