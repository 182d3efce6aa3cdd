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

export const COLUMNS = [
  'id',
  'organization_id',
  'inference_result_id',
  'session_id',
  'name',
  'type',
  'description',
  'input_data',
  'output_data',
  'error',
  'latency_ms',
  'metadata',
  'parent_trace_id',
  'parent_pending',
  'start_time',
  'end_time',
  'created_at',
  'deleted_at',
];

/** The row a span becomes in the spans table, in COLUMNS order. */
export function row(owner: Owner, span: Record<string, unknown>, dialect: 'sqlite' | 'postgres'): unknown[] {
  const now = new Date().toISOString();
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return [
    span.id,
    owner.organizationId,
    owner.inferenceResultId,
    owner.sessionId,
    span.name,
    span.type,
    span.description,
    json(span.inputData),
    json(span.outputData),
    null,
    span.latencyMs,
    json(span.metadata),
    span.parentTraceId ?? null,
    dialect === 'sqlite' ? 0 : false,
    span.startTime,
    span.endTime,
    now,
    null,
  ];
}
