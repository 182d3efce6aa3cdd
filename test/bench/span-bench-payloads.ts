import { BATCH, OTLP_SPANS_PER_TRACE, OTLP_TRACES } from './span-bench-settings.ts';

// What the span-ingestion benchmark writes: batches of about 1 KB spans, the same as OTLP exports, and as table rows.

export interface Owner {
  readonly organizationId: string;
  readonly inferenceResultId: string;
  readonly sessionId: string;
}

const OUTPUT = 'Your order ships today from the central warehouse and should arrive within two working days. '
  .repeat(4)
  .slice(0, 300);
const NOTE =
  'Answered from the order database; the customer was told the delivery window and offered tracking by e-mail. '
    .repeat(2)
    .slice(0, 200);

/**
 * One batch as a client sends it: a root span and its children, each about 1 KB of JSON (a 300-character output, a
 * 200-character metadata note, a small input object, times, ids).
 */
export function spanBatch(owner: Owner, label: string): Record<string, unknown>[] {
  const root = `trace_${label}_root`;
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: BATCH }, (_, index) => ({
    id: index === 0 ? root : `trace_${label}_${index}`,
    inferenceResultId: owner.inferenceResultId,
    name: index === 0 ? 'invoke_agent support' : `chat step ${index}`,
    type: index === 0 ? 'AGENT' : 'GENERATION',
    inputData: { prompt: `Where is order ${index}?`, customer: 'c-1042', locale: 'en-GB' },
    outputData: OUTPUT,
    latencyMs: 120 + (index % 50),
    metadata: { model: 'gpt-x', temperature: 0.2, inputTokens: 180, outputTokens: 64, note: NOTE },
    ...(index === 0 ? {} : { parentTraceId: root }),
    startTime: new Date(start + index).toISOString(),
    endTime: new Date(start + index + 120).toISOString(),
  }));
}

let otlpSequence = 0;

export function otlpExport(sessionId: string): string {
  const text = (value: string) => ({ stringValue: value });
  const start = 1_767_225_600_000_000_000n;
  const exportNumber = ++otlpSequence;
  const spans = [];
  for (let trace = 0; trace < OTLP_TRACES; trace++) {
    const traceId = `${process.pid.toString(16).padStart(8, '0')}${exportNumber.toString(16).padStart(8, '0')}${trace.toString(16).padStart(16, '0')}`;
    for (let index = 0; index < OTLP_SPANS_PER_TRACE; index++) {
      spans.push({
        traceId,
        spanId: (index + 1).toString(16).padStart(16, '0'),
        ...(index === 0 ? {} : { parentSpanId: '0000000000000001' }),
        name: index === 0 ? 'invoke_agent support' : `chat step ${index}`,
        kind: 1,
        startTimeUnixNano: String(start + BigInt(index) * 1_000_000n),
        endTimeUnixNano: String(start + BigInt(index + 120) * 1_000_000n),
        attributes: [
          { key: 'gen_ai.operation.name', value: text('chat') },
          { key: 'gen_ai.request.model', value: text('gpt-x') },
          { key: 'gen_ai.input.messages', value: text(`[{"role":"user","content":"Where is order ${index}?"}]`) },
          { key: 'gen_ai.output.messages', value: text(OUTPUT) },
          { key: 'gen_ai.usage.input_tokens', value: { intValue: '180' } },
          { key: 'gen_ai.usage.output_tokens', value: { intValue: '64' } },
          { key: 'note', value: text(NOTE) },
        ],
        status: {},
      });
    }
  }
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'assay.session.id', value: text(sessionId) }] },
        scopeSpans: [{ scope: { name: 'bench' }, spans }],
      },
    ],
  });
}

/**
 * The row a span becomes in the spans table, by column name, as the server stores it (columns not named here, such
 * as `model` and `usage` for these spans, are null).
 */
export function row(
  owner: Owner,
  span: Record<string, unknown>,
  dialect: 'sqlite' | 'postgres',
): Record<string, unknown> {
  const now = new Date().toISOString();
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return {
    id: span.id,
    organization_id: owner.organizationId,
    inference_result_id: owner.inferenceResultId,
    session_id: owner.sessionId,
    name: span.name,
    type: span.type,
    input_data: json(span.inputData),
    output_data: json(span.outputData),
    latency_ms: span.latencyMs,
    metadata: json(span.metadata),
    parent_trace_id: span.parentTraceId ?? null,
    parent_pending: dialect === 'sqlite' ? 0 : false,
    start_time: span.startTime,
    end_time: span.endTime,
    created_at: now,
  };
}
