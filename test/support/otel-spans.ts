import type { OtelSpan } from '../../domain/tracing/otel-span.ts';

/**
 * An OTel span as the OTLP decoder hands it over: a root span of half a second, without resource attributes, scope
 * or status, with these identity, name and attributes.
 */
export const decodedSpan = ({
  traceId,
  spanId,
  name,
  attributes,
}: Pick<OtelSpan, 'traceId' | 'spanId' | 'name' | 'attributes'>): OtelSpan => ({
  traceId,
  spanId,
  parentSpanId: null,
  name,
  kind: 1,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000500000000',
  attributes,
  resourceAttributes: {},
  scopeName: null,
  statusCode: 0,
  statusMessage: null,
});
