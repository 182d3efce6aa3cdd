import { CONVERSATION_ATTRIBUTES, idAttribute, OTEL_ATTRIBUTES, readConventions } from './otel-attributes.ts';
import { elapsedMillis, nanosToIso, otelTimeProblem } from './otel-time.ts';
import type { SpanType } from './span.ts';
import type { TokenUsage } from './token-usage.ts';

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
  readonly type: SpanType;
  /** Start time in nanoseconds (decimal text), for ordering a trace's model calls. */
  readonly startNanos: string | null;
  readonly usage: TokenUsage | null;
  readonly model: string | null;
  readonly inputText: string | null;
  readonly outputText: string | null;
}

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

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;

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
    otelTimeProblem('startTimeUnixNano', span.startTimeUnixNano) ??
    otelTimeProblem('endTimeUnixNano', span.endTimeUnixNano)
  );
}

/**
 * Maps one OTel span: the conventions' tables (otel-conventions.ts) give type, input, output, usage and model; every
 * other attribute goes to metadata. The span input has every field (null when the span has none), so all inputs share
 * one shape: this runs for each of an export's 10,000 spans.
 */
export function mapOtelSpan(span: OtelSpan): MappedOtelSpan {
  const read = readConventions(span.attributes);
  const metadata = read.rest;
  metadata.otel = {
    traceId: span.traceId,
    spanId: span.spanId,
    kind: span.kind,
    scope: span.scopeName,
    resource: span.resourceAttributes,
  };
  const start = nanosToIso(span.startTimeUnixNano);
  const end = nanosToIso(span.endTimeUnixNano);
  const input = {
    id: otelSpanId(span.traceId, span.spanId),
    name: span.name,
    type: read.type,
    inputData: read.inputData,
    outputData: read.outputData,
    error: span.statusCode === 2 ? span.statusMessage || 'error' : null,
    parentTraceId: span.parentSpanId ? otelSpanId(span.traceId, span.parentSpanId) : null,
    startTime: start,
    endTime: end,
    latencyMs: end && start && end >= start ? elapsedMillis(span.startTimeUnixNano!, span.endTimeUnixNano!) : null,
    metadata,
    model: read.model,
    usage: read.usage,
  };
  const conversationKey = CONVERSATION_ATTRIBUTES.find((key) => idAttribute(span, key) !== null);
  return {
    traceId: span.traceId,
    isRoot: span.parentSpanId === null,
    inferenceResultId: idAttribute(span, OTEL_ATTRIBUTES.inferenceResultId),
    sessionId: idAttribute(span, OTEL_ATTRIBUTES.sessionId),
    conversationId: conversationKey ? idAttribute(span, conversationKey) : null,
    versionId: idAttribute(span, OTEL_ATTRIBUTES.versionId),
    input,
    type: read.type,
    startNanos: start === null ? null : span.startTimeUnixNano,
    usage: read.usage,
    model: read.model,
    inputText: read.inputText,
    outputText: read.outputText,
  };
}
