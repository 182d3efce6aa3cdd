import type { ApiClient } from './api-client.ts';

/** Posts a body as it stands on the wire (no JSON encoding) to the OTLP traces endpoint. */
export function postRawTraces(client: ApiClient, raw: string | Uint8Array, headers: Record<string, string>) {
  return client.request('POST', '/otel/v1/traces', { raw, headers });
}

/** OTLP/JSON pieces as a raw exporter sends them. */
export const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
export const otlp = (spans: object[], resource: object[] = []) => ({
  resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'raw' }, spans }] }],
});
/** A root span of half a second in one fixed OTel trace. */
export const span = (spanId: string, name: string, extra: object = {}) => ({
  traceId: '5b8efff798038103d269b633813fc60c',
  spanId,
  name,
  kind: 1,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000500000000',
  ...extra,
});
