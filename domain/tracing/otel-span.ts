import { SPAN_TYPES, type SpanType } from './span.ts';

/** An OpenTelemetry span as decoded from OTLP (JSON or protobuf): ids in lowercase hex, attributes as plain values. */
export interface OtelSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | null;
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: string | null;
  readonly endTimeUnixNano: string | null;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly resourceAttributes: Readonly<Record<string, unknown>>;
  readonly scopeName: string | null;
  readonly statusCode: number;
  readonly statusMessage: string | null;
}

/** Where an OTel span belongs, as its attributes say, and the span input it becomes (without its inference result). */
export interface MappedOtelSpan {
  readonly traceId: string;
  readonly isRoot: boolean;
  readonly inferenceResultId: string | null;
  readonly sessionId: string | null;
  readonly conversationId: string | null;
  readonly versionId: string | null;
  readonly input: Readonly<Record<string, unknown>>;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly inputText: string | null;
  readonly outputText: string | null;
}

export const OTEL_ATTRIBUTES = {
  inferenceResultId: 'assay.inference_result.id',
  sessionId: 'assay.session.id',
  versionId: 'assay.version.id',
  spanType: 'assay.span.type',
  conversationIds: ['session.id', 'gen_ai.conversation.id'],
} as const;

const OPERATION_TYPES: Record<string, SpanType> = {
  chat: 'GENERATION',
  text_completion: 'GENERATION',
  generate_content: 'GENERATION',
  embeddings: 'EMBEDDING',
  execute_tool: 'TOOL',
  invoke_agent: 'AGENT',
  create_agent: 'AGENT',
  retrieval: 'RETRIEVER',
};

const INPUT_KEYS = [
  'gen_ai.input.messages',
  'gen_ai.prompt',
  'gen_ai.system_instructions',
  'gen_ai.tool.call.arguments',
];
const OUTPUT_KEYS = ['gen_ai.output.messages', 'gen_ai.completion', 'gen_ai.tool.call.result'];
const USAGE_KEYS = [
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.prompt_tokens',
  'gen_ai.usage.completion_tokens',
];
const ROUTING_KEYS: readonly string[] = [
  OTEL_ATTRIBUTES.inferenceResultId,
  OTEL_ATTRIBUTES.sessionId,
  OTEL_ATTRIBUTES.versionId,
  OTEL_ATTRIBUTES.spanType,
];
const CONSUMED = new Set<string>([...INPUT_KEYS, ...OUTPUT_KEYS, ...USAGE_KEYS, ...ROUTING_KEYS]);

/** The span id an OTel span gets: deterministic, so a re-export is idempotent and parents are found by their OTel ids. */
export const otelSpanId = (traceId: string, spanId: string): string => `trace_${traceId}${spanId}`;

/**
 * The inference result an OTel trace that names none becomes in an organization: derived from the trace id and the
 * organization, so the organization's later or concurrent export of the same trace finds it (two concurrent creations
 * meet on the primary key) instead of splitting it, while another organization exporting spans of the same
 * distributed trace (its trace context crossed a service boundary) gets an inference result of its own.
 */
export const otelInferenceResultId = (organizationId: string, traceId: string): string =>
  `inferenceResult_otel${traceId}_${organizationId.slice(organizationId.indexOf('_') + 1)}`;

/** The id derived from the trace id alone, as stored before: an organization's traces stored so are still found. */
export const legacyOtelInferenceResultId = (traceId: string): string => `inferenceResult_otel${traceId}`;

/** The largest time a JavaScript date (and so an ISO timestamp) can hold, in nanoseconds since the epoch. */
const MAX_NANOS = 8_640_000_000_000_000n * 1_000_000n;

/** Nanoseconds since the epoch (decimal text) to an ISO timestamp; zero, absent or out of range is null. */
export function nanosToIso(nanos: string | null): string | null {
  if (nanos === null || !/^\d{1,30}$/.test(nanos) || /^0+$/.test(nanos)) return null;
  const value = BigInt(nanos);
  return value > MAX_NANOS ? null : new Date(Number(value / 1_000_000n)).toISOString();
}

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;

/** Why one time field of an OTel span is unusable, or null (absent and zero are fine: no time). */
function timeProblem(field: string, nanos: string | null): string | null {
  if (nanos === null || /^0+$/.test(nanos)) return null;
  if (!/^\d{1,30}$/.test(nanos)) return `${field} must be a non-negative integer of nanoseconds`;
  return BigInt(nanos) > MAX_NANOS ? `${field} is beyond the representable range (year 275760)` : null;
}

/**
 * Why an OTel span cannot be stored at all, or null: ids must be lowercase hex of OTLP's lengths (16-byte trace id,
 * 8-byte span ids) and times within range. Such a span is refused alone; its siblings go on.
 */
export function otelSpanProblem(span: OtelSpan): string | null {
  if (!TRACE_ID.test(span.traceId)) return 'traceId must be 32 hexadecimal characters (16 bytes), not all zero';
  if (!SPAN_ID.test(span.spanId)) return 'spanId must be 16 hexadecimal characters (8 bytes), not all zero';
  if (span.parentSpanId !== null && !SPAN_ID.test(span.parentSpanId))
    return 'parentSpanId must be 16 hexadecimal characters (8 bytes)';
  return (
    timeProblem('startTimeUnixNano', span.startTimeUnixNano) ?? timeProblem('endTimeUnixNano', span.endTimeUnixNano)
  );
}

const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : null;
const idAttribute = (span: OtelSpan, key: string): string | null =>
  text(span.attributes[key] ?? span.resourceAttributes[key]);

/** JSON text (as GenAI conventions send messages) becomes structure again; anything else is kept as is. */
function structured(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

function pick(attributes: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> | null {
  const found = keys.filter((key) => attributes[key] !== undefined);
  if (found.length === 0) return null;
  return Object.fromEntries(
    found.map((key) => [key.replace(/^gen_ai\./, '').replace(/\./g, '_'), structured(attributes[key])]),
  );
}

function spanType(span: OtelSpan): SpanType {
  const explicit = text(span.attributes[OTEL_ATTRIBUTES.spanType]);
  if (explicit && SPAN_TYPES.includes(explicit as SpanType)) return explicit as SpanType;
  const operation = text(span.attributes['gen_ai.operation.name']);
  if (operation && OPERATION_TYPES[operation]) return OPERATION_TYPES[operation];
  if (span.attributes['gen_ai.tool.name'] !== undefined) return 'TOOL';
  if (span.attributes['gen_ai.request.model'] !== undefined) return 'GENERATION';
  return 'SPAN';
}

/** Maps one OTel span: GenAI conventions give type, input, output and usage; every other attribute goes to metadata. */
export function mapOtelSpan(span: OtelSpan): MappedOtelSpan {
  const attributes = span.attributes;
  const inputTokens = count(attributes['gen_ai.usage.input_tokens'] ?? attributes['gen_ai.usage.prompt_tokens']);
  const outputTokens = count(attributes['gen_ai.usage.output_tokens'] ?? attributes['gen_ai.usage.completion_tokens']);
  const rest = Object.fromEntries(Object.entries(attributes).filter(([key]) => !CONSUMED.has(key)));
  const usage =
    inputTokens === null && outputTokens === null
      ? {}
      : { usage: { inputTokens, outputTokens, totalTokens: (inputTokens ?? 0) + (outputTokens ?? 0) } };
  const start = nanosToIso(span.startTimeUnixNano);
  const end = nanosToIso(span.endTimeUnixNano);
  const inputData = pick(attributes, INPUT_KEYS);
  const outputData = pick(attributes, OUTPUT_KEYS);
  const input: Record<string, unknown> = {
    id: otelSpanId(span.traceId, span.spanId),
    name: span.name,
    type: spanType(span),
    ...(inputData ? { inputData } : {}),
    ...(outputData ? { outputData } : {}),
    ...(span.statusCode === 2 ? { error: span.statusMessage || 'error' } : {}),
    ...(span.parentSpanId ? { parentTraceId: otelSpanId(span.traceId, span.parentSpanId) } : {}),
    ...(start ? { startTime: start } : {}),
    ...(end ? { endTime: end } : {}),
    ...(end && start && end >= start
      ? { latencyMs: Number(BigInt(span.endTimeUnixNano!) - BigInt(span.startTimeUnixNano!)) / 1e6 }
      : {}),
    metadata: {
      ...rest,
      ...usage,
      otel: {
        traceId: span.traceId,
        spanId: span.spanId,
        kind: span.kind,
        scope: span.scopeName,
        resource: span.resourceAttributes,
      },
    },
  };
  const conversationKey = OTEL_ATTRIBUTES.conversationIds.find((key) => idAttribute(span, key) !== null);
  return {
    traceId: span.traceId,
    isRoot: span.parentSpanId === null,
    inferenceResultId: idAttribute(span, OTEL_ATTRIBUTES.inferenceResultId),
    sessionId: idAttribute(span, OTEL_ATTRIBUTES.sessionId),
    conversationId: conversationKey ? idAttribute(span, conversationKey) : null,
    versionId: idAttribute(span, OTEL_ATTRIBUTES.versionId),
    input,
    inputTokens,
    outputTokens,
    inputText: text(inputData && Object.values(inputData)[0]),
    outputText: text(outputData && Object.values(outputData)[0]),
  };
}

/** One OTel trace of an export, as the inference result it becomes when its spans name none. */
export interface OtelTraceSummary {
  readonly traceId: string;
  readonly sessionId: string | null;
  readonly conversationId: string | null;
  readonly versionId: string | null;
  readonly input: string | null;
  readonly output: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly latency: number | null;
}

const sum = (values: readonly (number | null)[]): number | null =>
  values.some((value) => value !== null) ? values.reduce<number>((total, value) => total + (value ?? 0), 0) : null;

/**
 * Groups the spans that name no inference result by OTel trace: the session comes from the first span that names
 * one, input and output from the root span (else the first span carrying them), usage is summed.
 */
export function summarizeOtelTraces(spans: readonly MappedOtelSpan[]): OtelTraceSummary[] {
  const byTrace = new Map<string, MappedOtelSpan[]>();
  for (const span of spans) {
    if (span.inferenceResultId !== null) continue;
    const members = byTrace.get(span.traceId);
    if (members) members.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  return [...byTrace.entries()].map(([traceId, members]) => {
    const root = members.find((span) => span.isRoot);
    const first = <K extends keyof MappedOtelSpan>(key: K) =>
      (root?.[key] ?? members.find((span) => span[key] !== null)?.[key] ?? null) as MappedOtelSpan[K] | null;
    return {
      traceId,
      sessionId: members.find((span) => span.sessionId)?.sessionId ?? null,
      conversationId: members.find((span) => span.conversationId)?.conversationId ?? null,
      versionId: members.find((span) => span.versionId)?.versionId ?? null,
      input: first('inputText'),
      output: first('outputText'),
      inputTokens: sum(members.map((span) => span.inputTokens)),
      outputTokens: sum(members.map((span) => span.outputTokens)),
      latency: root && typeof root.input.latencyMs === 'number' ? root.input.latencyMs : null,
    };
  });
}

/** Why the spans of a trace could not be placed, or null when its summary names a session or a conversation with a version. */
export function unplaceableReason(summary: OtelTraceSummary): string | null {
  if (summary.sessionId !== null) return null;
  if (summary.conversationId !== null && summary.versionId !== null) return null;
  if (summary.conversationId !== null)
    return `trace ${summary.traceId}: ${OTEL_ATTRIBUTES.versionId} is needed to open a session for conversation ${summary.conversationId}`;
  return `trace ${summary.traceId}: no ${OTEL_ATTRIBUTES.inferenceResultId}, ${OTEL_ATTRIBUTES.sessionId} or session.id attribute`;
}
