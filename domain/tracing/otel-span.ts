import { setOwn } from '../shared/json.ts';
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

/** Digits of MAX_NANOS: a time written with fewer (leading zeros aside) is in range. */
const MAX_NANOS_TEXT = MAX_NANOS.toString();

/** Whether the text is 1 to 30 decimal digits (the form OTLP writes unsigned nanoseconds in). */
function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > 30) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Of decimal digits: whether the number is zero, and whether it exceeds MAX_NANOS (compared as text, no BigInt). */
function nanosRange(digits: string): 'zero' | 'beyond' | 'within' {
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) first++;
  const significant = digits.length - first;
  if (significant === 0) return 'zero';
  if (significant !== MAX_NANOS_TEXT.length) return significant > MAX_NANOS_TEXT.length ? 'beyond' : 'within';
  return digits.slice(first) > MAX_NANOS_TEXT ? 'beyond' : 'within';
}

/** Whole milliseconds of a nanosecond count in range: its digits but the last six (exact: at most 8.64e15). */
const millisOf = (digits: string): number => (digits.length > 6 ? Number(digits.slice(0, -6)) : 0);

/** Nanoseconds since the epoch (decimal text) to an ISO timestamp; zero, absent or out of range is null. */
export function nanosToIso(nanos: string | null): string | null {
  if (nanos === null || !isDigits(nanos) || nanosRange(nanos) !== 'within') return null;
  return new Date(millisOf(nanos)).toISOString();
}

/** Milliseconds from `start` to `end`, two nanosecond counts in range, as exactly as a double holds them. */
function elapsedMillis(start: string, end: string): number {
  return ((millisOf(end) - millisOf(start)) * 1e6 + (subMillisOf(end) - subMillisOf(start))) / 1e6;
}

/** The nanoseconds past the whole milliseconds: the last six digits. */
const subMillisOf = (digits: string): number => Number(digits.slice(-6));

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;

/** Why one time field of an OTel span is unusable, or null (absent and zero are fine: no time). */
function timeProblem(field: string, nanos: string | null): string | null {
  if (nanos === null) return null;
  if (!isDigits(nanos)) return /^0+$/.test(nanos) ? null : `${field} must be a non-negative integer of nanoseconds`;
  return nanosRange(nanos) === 'beyond' ? `${field} is beyond the representable range (year 275760)` : null;
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

/** The GenAI attribute keys of input or output, each with the field it becomes (`gen_ai.input.messages` → `input_messages`). */
const fieldNames = (keys: readonly string[]): readonly (readonly [string, string])[] =>
  keys.map((key) => [key, key.replace(/^gen_ai\./, '').replace(/\./g, '_')] as const);
const INPUT_FIELDS = fieldNames(INPUT_KEYS);
const OUTPUT_FIELDS = fieldNames(OUTPUT_KEYS);

function pick(
  attributes: Readonly<Record<string, unknown>>,
  fields: readonly (readonly [string, string])[],
): Record<string, unknown> | null {
  let picked: Record<string, unknown> | null = null;
  for (const [key, field] of fields) {
    const value = attributes[key];
    if (value === undefined) continue;
    picked ??= {};
    picked[field] = structured(value);
  }
  return picked;
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

/** The attributes no mapping consumed, for the span's metadata. */
function unconsumed(attributes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(attributes)) if (!CONSUMED.has(key)) setOwn(rest, key, attributes[key]);
  return rest;
}

/**
 * Maps one OTel span: GenAI conventions give type, input, output and usage; every other attribute goes to metadata.
 * The span input has every field (null when the span has none), so all inputs share one shape: this runs for each of
 * an export's 10,000 spans.
 */
export function mapOtelSpan(span: OtelSpan): MappedOtelSpan {
  const attributes = span.attributes;
  const inputTokens = count(attributes['gen_ai.usage.input_tokens'] ?? attributes['gen_ai.usage.prompt_tokens']);
  const outputTokens = count(attributes['gen_ai.usage.output_tokens'] ?? attributes['gen_ai.usage.completion_tokens']);
  const metadata = unconsumed(attributes);
  if (inputTokens !== null || outputTokens !== null)
    metadata.usage = { inputTokens, outputTokens, totalTokens: (inputTokens ?? 0) + (outputTokens ?? 0) };
  metadata.otel = {
    traceId: span.traceId,
    spanId: span.spanId,
    kind: span.kind,
    scope: span.scopeName,
    resource: span.resourceAttributes,
  };
  const start = nanosToIso(span.startTimeUnixNano);
  const end = nanosToIso(span.endTimeUnixNano);
  const inputData = pick(attributes, INPUT_FIELDS);
  const outputData = pick(attributes, OUTPUT_FIELDS);
  const input = {
    id: otelSpanId(span.traceId, span.spanId),
    name: span.name,
    type: spanType(span),
    inputData,
    outputData,
    error: span.statusCode === 2 ? span.statusMessage || 'error' : null,
    parentTraceId: span.parentSpanId ? otelSpanId(span.traceId, span.parentSpanId) : null,
    startTime: start,
    endTime: end,
    latencyMs: end && start && end >= start ? elapsedMillis(span.startTimeUnixNano!, span.endTimeUnixNano!) : null,
    metadata,
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
  const unnamed = spansByTrace(spans.filter((span) => span.inferenceResultId === null));
  return [...unnamed.entries()].map(([traceId, members]) => {
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

/** Spans grouped by OTel trace, traces in order of first appearance, each trace's spans in input order. */
export function spansByTrace<S extends { readonly traceId: string }>(spans: readonly S[]): Map<string, S[]> {
  const byTrace = new Map<string, S[]>();
  for (const span of spans) {
    const members = byTrace.get(span.traceId);
    if (members) members.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  return byTrace;
}

/** Why the spans of a trace could not be placed, or null when its summary names a session or a conversation with a version. */
export function unplaceableReason(summary: OtelTraceSummary): string | null {
  if (summary.sessionId !== null) return null;
  if (summary.conversationId !== null && summary.versionId !== null) return null;
  if (summary.conversationId !== null)
    return `trace ${summary.traceId}: ${OTEL_ATTRIBUTES.versionId} is needed to open a session for conversation ${summary.conversationId}`;
  return `trace ${summary.traceId}: no ${OTEL_ATTRIBUTES.inferenceResultId}, ${OTEL_ATTRIBUTES.sessionId} or session.id attribute`;
}
