import { DomainError, InvalidInput } from '../../domain/errors.ts';
import { setOwn } from '../../domain/shared/json.ts';
import { findJsonProblem } from '../shared/json-input.ts';
import { parseShapedJson, shapeRefusal } from '../shared/shaped-json.ts';
import { protobufShapeProblem } from './protobuf-shape.ts';
import type { OtelSpan } from '../../domain/tracing/otel-span.ts';
import { MAX_SPANS_PER_BATCH } from '../../domain/tracing/span-batch.ts';
import { ExportTraceServiceRequest, ExportTraceServiceResponse } from './otlp-trace-proto.ts';

// biome-ignore lint/suspicious/noExplicitAny: an untrusted OTLP body is read defensively, field by field
type Json = Record<string, any>;

/** OTLP ids: bytes in protobuf, hex text in JSON; both become lowercase hex. An all-zero or empty id is none. */
function hexId(value: unknown): string | null {
  const hex =
    typeof value === 'string'
      ? value.toLowerCase()
      : value instanceof Uint8Array
        ? Buffer.from(value).toString('hex')
        : '';
  return hex === '' || /^0+$/.test(hex) ? null : hex;
}

/** An OTLP AnyValue as a plain value. */
function plain(value: Json | undefined): unknown {
  if (!value) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(plain);
  if ('kvlistValue' in value) return attributes(value.kvlistValue?.values);
  if ('bytesValue' in value)
    return typeof value.bytesValue === 'string' ? value.bytesValue : Buffer.from(value.bytesValue).toString('base64');
  return null;
}

/** OTLP key-value pairs as an object (a later pair wins over an earlier one with the same key). */
function attributes(items: readonly Json[] | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!Array.isArray(items)) return result;
  for (const item of items) if (typeof item?.key === 'string') setOwn(result, item.key, plain(item.value));
  return result;
}

/** Unix nanos arrive as decimal text (protobuf longs, OTLP/JSON) or, from lenient JSON writers, as numbers. */
const nanos = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? BigInt(value).toString()
      : String(value);

const list = (value: unknown): Json[] => (Array.isArray(value) ? value : []);

/** Counts the spans of an export before any is mapped, so an oversized export costs no more than its count. */
function assertSpanCount(request: Json): void {
  let count = 0;
  for (const resourceSpans of list(request.resourceSpans))
    for (const scopeSpans of list(resourceSpans?.scopeSpans)) count += list(scopeSpans?.spans).length;
  if (count > MAX_SPANS_PER_BATCH)
    throw InvalidInput.of(
      'resourceSpans',
      `an export carries at most ${MAX_SPANS_PER_BATCH} spans (this one has ${count}); split it`,
    );
}

/** Flattens an export request (as a protobuf.js object or OTLP/JSON) into spans carrying their resource and scope. */
function flatten(request: Json): OtelSpan[] {
  assertSpanCount(request);
  const spans: OtelSpan[] = [];
  for (const resourceSpans of list(request.resourceSpans)) {
    const resourceAttributes = attributes(resourceSpans?.resource?.attributes);
    for (const scopeSpans of list(resourceSpans?.scopeSpans)) {
      for (const span of list(scopeSpans?.spans)) {
        spans.push({
          traceId: hexId(span.traceId) ?? '',
          spanId: hexId(span.spanId) ?? '',
          parentSpanId: hexId(span.parentSpanId),
          name: typeof span.name === 'string' ? span.name : '',
          kind: Number(span.kind ?? 0),
          startTimeUnixNano: nanos(span.startTimeUnixNano),
          endTimeUnixNano: nanos(span.endTimeUnixNano),
          attributes: attributes(span.attributes),
          resourceAttributes,
          scopeName: scopeSpans?.scope?.name ?? null,
          statusCode: Number(span.status?.code ?? 0),
          statusMessage: span.status?.message || null,
        });
      }
    }
  }
  return spans;
}

/** Refuses, like every JSON body, text with a NUL character and nesting deeper than the limit (before recursing). */
function checked(request: Json): Json {
  const problem = findJsonProblem(request);
  if (problem) throw new InvalidInput([{ path: problem.path || 'body', message: problem.message }]);
  return request;
}

/** Decodes an OTLP/HTTP trace export body; an undecodable one is invalid input. */
export function decodeOtlpTraces(body: Buffer, format: 'json' | 'protobuf'): OtelSpan[] {
  try {
    if (format === 'json') {
      const parsed = parseShapedJson(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return flatten(checked(parsed));
    }
    const problem = protobufShapeProblem(body, ExportTraceServiceRequest);
    if (problem) throw shapeRefusal(problem);
    const message = ExportTraceServiceRequest.decode(body);
    return flatten(checked(ExportTraceServiceRequest.toObject(message, { longs: String, enums: Number })));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw InvalidInput.of(
      'body',
      `not an OTLP ExportTraceServiceRequest in ${format === 'json' ? 'JSON' : 'protobuf'}: ${(error as Error).message}`,
    );
  }
}

export interface PartialSuccess {
  readonly rejectedSpans: number;
  readonly errorMessage: string;
}

/** The export response: `partialSuccess` only when spans were refused, as OTLP asks. */
export function otlpResponseJson(partial: PartialSuccess | null): Json {
  return partial
    ? { partialSuccess: { rejectedSpans: partial.rejectedSpans, errorMessage: partial.errorMessage } }
    : {};
}

export function otlpResponseProtobuf(partial: PartialSuccess | null): Buffer {
  const message = ExportTraceServiceResponse.fromObject(partial ? { partialSuccess: partial } : {});
  return Buffer.from(ExportTraceServiceResponse.encode(message).finish());
}
