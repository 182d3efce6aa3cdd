// One conversation turn summarized from its OTel spans: question, answer, model and usage over model calls only.
import test from 'ava';
import { mapOtelSpan, type OtelSpan } from '../../../domain/tracing/otel-span.ts';
import { summarizeOtelTraces } from '../../../domain/tracing/otel-traces.ts';

const otel = (
  spanId: string,
  parentSpanId: string | null,
  attributes: Record<string, unknown>,
  start: string,
): OtelSpan => ({
  traceId: 'a'.repeat(32),
  spanId,
  parentSpanId,
  name: spanId,
  kind: 1,
  startTimeUnixNano: start,
  endTimeUnixNano: null,
  attributes: { 'traceloop.association.properties.session_id': 'conv-1', ...attributes },
  resourceAttributes: {},
  scopeName: null,
  statusCode: 0,
  statusMessage: null,
});

test('a turn: the question from the first model call, the answer from the last, usage summed over model calls only', (t) => {
  const llm = (text: string, answer: string) => ({
    'openinference.span.kind': 'LLM',
    'llm.model_name': 'm-1',
    'llm.input_messages.0.message.role': 'user',
    'llm.input_messages.0.message.content': text,
    'llm.output_messages.0.message.role': 'assistant',
    'llm.output_messages.0.message.content': answer,
    'llm.token_count.prompt': 10,
    'llm.token_count.completion': 2,
  });
  const spans = [
    // Exported as they end: the last model call first, the agent (carrying its calls' totals) last.
    otel('3'.repeat(16), '1'.repeat(16), llm('Weather in Paris?', 'Sunny in Paris.'), '1700000000300000000'),
    otel('2'.repeat(16), '1'.repeat(16), llm('Weather in Paris?', ''), '1700000000100000000'),
    otel(
      '1'.repeat(16),
      null,
      { 'openinference.span.kind': 'AGENT', 'llm.token_count.prompt': 20 },
      '1700000000000000000',
    ),
  ].map(mapOtelSpan);
  const [summary] = summarizeOtelTraces(spans);
  t.like(summary, { conversationId: 'conv-1', input: 'Weather in Paris?', output: 'Sunny in Paris.', model: 'm-1' });
  t.deepEqual(summary.usage, {
    inputTokens: 20,
    outputTokens: 4,
    totalTokens: 24,
    cacheReadInputTokens: null,
    cacheCreationInputTokens: null,
  });
});
