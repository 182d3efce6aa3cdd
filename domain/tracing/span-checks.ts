import { isJsonObject, type JsonObject } from '../shared/json.ts';
import { utf8Length } from './fields.ts';
import {
  DESCRIPTION_LIMIT_BYTES,
  MAX_ID_LENGTH,
  SPAN_ID_PREFIX,
  SPAN_INPUT_FIELDS,
  SPAN_TYPES,
  type SpanProblem,
  type SpanType,
} from './span.ts';
import { optionalTime } from './span-time.ts';
import { readSpanModel, readSpanUsage } from './span-usage.ts';

// The field-by-field checks of one span as sent; each problem found is pushed onto `problems`.

const KNOWN_FIELDS = new Set<string>(SPAN_INPUT_FIELDS);

type Raw = Record<string, unknown>;

const optionalString = (raw: Raw, field: string, problems: SpanProblem[]): string | null => {
  const value = raw[field];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  problems.push({ error: 'invalid_field', path: field, message: 'must be a string' });
  return null;
};

const optionalObject = (
  raw: Raw,
  field: string,
  problems: SpanProblem[],
  { orString = false }: { orString?: boolean } = {},
): JsonObject | string | null => {
  const value = raw[field];
  if (value === undefined || value === null) return null;
  if (isJsonObject(value) || (orString && typeof value === 'string')) return value;
  problems.push({
    error: 'invalid_field',
    path: field,
    message: orString ? 'must be an object or a string' : 'must be an object',
  });
  return null;
};

export function checkIdentity(
  raw: Raw,
  problems: SpanProblem[],
): { id: string | null; inferenceResultId: string | null; parentTraceId: string | null } {
  for (const field of Object.keys(raw))
    if (!KNOWN_FIELDS.has(field)) problems.push({ error: 'unknown_field', path: field, message: 'unknown field' });
  const id = optionalString(raw, 'id', problems);
  if (
    id !== null &&
    (!id.startsWith(SPAN_ID_PREFIX) || id.length <= SPAN_ID_PREFIX.length || id.length > MAX_ID_LENGTH)
  ) {
    problems.push({
      error: 'invalid_field',
      path: 'id',
      message: `must start with ${SPAN_ID_PREFIX} and have at most ${MAX_ID_LENGTH} characters`,
    });
  }
  const inferenceResultId = optionalString(raw, 'inferenceResultId', problems);
  if (inferenceResultId === null && raw.inferenceResultId === undefined) {
    problems.push({ error: 'unknown_inference_result', path: 'inferenceResultId', message: 'is required' });
  }
  const parentTraceId = optionalString(raw, 'parentTraceId', problems);
  if (
    parentTraceId !== null &&
    (parentTraceId.length === 0 || parentTraceId.length > MAX_ID_LENGTH || parentTraceId === id)
  ) {
    problems.push({ error: 'invalid_field', path: 'parentTraceId', message: 'must name another span' });
  }
  return { id, inferenceResultId, parentTraceId };
}

export function checkContent(raw: Raw, problems: SpanProblem[]) {
  const name = optionalString(raw, 'name', problems);
  if (name === null || name.trim().length === 0)
    problems.push({ error: 'empty_name', path: 'name', message: 'must not be empty' });
  const type = raw.type ?? 'SPAN';
  if (!SPAN_TYPES.includes(type as SpanType))
    problems.push({ error: 'unknown_type', path: 'type', message: `must be one of ${SPAN_TYPES.join(', ')}` });
  const description = optionalString(raw, 'description', problems);
  if (
    description !== null &&
    (description.length > DESCRIPTION_LIMIT_BYTES || utf8Length(description) > DESCRIPTION_LIMIT_BYTES)
  ) {
    problems.push({
      error: 'description_too_large',
      path: 'description',
      message: `must be at most ${DESCRIPTION_LIMIT_BYTES} bytes`,
    });
  }
  const latency = raw.latencyMs;
  if (latency !== undefined && latency !== null && (typeof latency !== 'number' || !Number.isFinite(latency))) {
    problems.push({ error: 'invalid_field', path: 'latencyMs', message: 'must be a number' });
  } else if (typeof latency === 'number' && latency < 0) {
    problems.push({ error: 'negative_latency', path: 'latencyMs', message: 'must not be negative' });
  }
  const startTime = optionalTime(raw, 'startTime', problems);
  const endTime = optionalTime(raw, 'endTime', problems);
  if (startTime !== null && endTime !== null && endTime < startTime) {
    problems.push({ error: 'end_before_start', path: 'endTime', message: 'must not be before startTime' });
  }
  const latencyMs =
    typeof latency === 'number'
      ? latency
      : startTime !== null && endTime !== null
        ? Date.parse(endTime) - Date.parse(startTime)
        : null;
  return {
    name: name ?? '',
    type: type as SpanType,
    description,
    inputData: optionalObject(raw, 'inputData', problems) as JsonObject | null,
    outputData: optionalObject(raw, 'outputData', problems, { orString: true }),
    error: optionalString(raw, 'error', problems),
    latencyMs,
    metadata: optionalObject(raw, 'metadata', problems) as JsonObject | null,
    model: readSpanModel(raw, problems),
    usage: readSpanUsage(raw, problems),
    startTime,
    endTime,
  };
}
