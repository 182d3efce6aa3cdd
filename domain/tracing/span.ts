import { isJsonObject, type JsonObject } from '../shared/json.ts';
import { utf8Length } from './fields.ts';
import { optionalTime } from './span-time.ts';
import { readSpanModel, readSpanUsage } from './span-usage.ts';
import type { TokenUsage } from './token-usage.ts';

export const SPAN_TYPES = [
  'SPAN',
  'GENERATION',
  'EVENT',
  'AGENT',
  'TOOL',
  'CHAIN',
  'RETRIEVER',
  'EVALUATOR',
  'EMBEDDING',
  'GUARDRAIL',
] as const;
export type SpanType = (typeof SPAN_TYPES)[number];

export const SPAN_ID_PREFIX = 'trace_';
export const DESCRIPTION_LIMIT_BYTES = 1024 * 1024;
export const MAX_ID_LENGTH = 80;

/** One step inside an inference result (served at /traces, ids `trace_…`). */
export interface Span {
  readonly id: string;
  readonly organizationId: string;
  readonly inferenceResultId: string;
  /** The inference result's session, copied for filtering. */
  readonly sessionId: string;
  readonly name: string;
  readonly type: SpanType;
  readonly description: string | null;
  readonly inputData: JsonObject | null;
  readonly outputData: JsonObject | string | null;
  readonly error: string | null;
  readonly latencyMs: number | null;
  readonly metadata: JsonObject | null;
  /** The model a GENERATION span called (the response model, else the request model). */
  readonly model: string | null;
  /** The tokens the span's model call used, cache tokens included. */
  readonly usage: TokenUsage | null;
  /** The parent span as sent, stored at creation. */
  readonly parentTraceId: string | null;
  /** True while the named parent span has not been stored yet; cleared when it arrives. */
  readonly parentPending: boolean;
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

/** Why one span of a batch was refused; `path` names the field (`name`, `latencyMs`...). */
export interface SpanProblem {
  readonly error: SpanErrorCode;
  readonly path: string;
  readonly message: string;
}

export type SpanErrorCode =
  | 'invalid_field'
  | 'unknown_field'
  | 'empty_name'
  | 'negative_latency'
  | 'description_too_large'
  | 'unknown_inference_result'
  | 'unknown_type'
  | 'end_before_start'
  | 'deleted_span';

export const SPAN_INPUT_FIELDS = [
  'id',
  'inferenceResultId',
  'name',
  'type',
  'description',
  'inputData',
  'outputData',
  'error',
  'latencyMs',
  'metadata',
  'model',
  'usage',
  'parentTraceId',
  'startTime',
  'endTime',
] as const;
const KNOWN_FIELDS = new Set<string>(SPAN_INPUT_FIELDS);

/** What a span's validation needs to know besides the span: who writes it, when, and the inference results that exist. */
export interface SpanContext {
  readonly organizationId: string;
  readonly now: string;
  /** Live inference results of the caller's organization, by id, with their session. */
  readonly inferenceResults: ReadonlyMap<string, { readonly sessionId: string }>;
}

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

function checkIdentity(
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

function checkContent(raw: Raw, problems: SpanProblem[]) {
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

export type SpanVerdict =
  | { readonly ok: true; readonly span: Span }
  | {
      readonly ok: false;
      readonly id: string | null;
      readonly inferenceResultId: string | null;
      readonly problems: readonly SpanProblem[];
    };

/**
 * Validates one span as sent and builds the record, or lists every problem with it. A fresh id is minted when the
 * caller sent none (`mintId`); `batchIds` are the ids in the same batch, whose parent links are settled at once.
 */
export function admitSpan(
  input: unknown,
  mintId: () => string,
  context: SpanContext,
  batchIds: ReadonlySet<string>,
): SpanVerdict {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      id: null,
      inferenceResultId: null,
      problems: [{ error: 'invalid_field', path: '', message: 'must be an object' }],
    };
  }
  const problems: SpanProblem[] = [];
  const { id, inferenceResultId, parentTraceId } = checkIdentity(input, problems);
  const content = checkContent(input, problems);
  const owner = inferenceResultId === null ? undefined : context.inferenceResults.get(inferenceResultId);
  if (inferenceResultId !== null && !owner) {
    problems.push({
      error: 'unknown_inference_result',
      path: 'inferenceResultId',
      message: `inference result ${inferenceResultId} not found`,
    });
  }
  if (problems.length > 0 || !owner || inferenceResultId === null)
    return { ok: false, id, inferenceResultId, problems };
  // Spelled out rather than spread from `content`: this runs once per span of every batch.
  const span: Span = {
    id: id ?? mintId(),
    organizationId: context.organizationId,
    inferenceResultId,
    sessionId: owner.sessionId,
    name: content.name,
    type: content.type,
    description: content.description,
    inputData: content.inputData,
    outputData: content.outputData,
    error: content.error,
    latencyMs: content.latencyMs,
    metadata: content.metadata,
    model: content.model,
    usage: content.usage,
    startTime: content.startTime,
    endTime: content.endTime,
    parentTraceId,
    parentPending: parentTraceId !== null && !batchIds.has(parentTraceId),
    createdAt: context.now,
    deletedAt: null,
  };
  return { ok: true, span };
}
