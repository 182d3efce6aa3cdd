import type { JsonObject } from '../shared/json.ts';
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

/** What a span's validation needs to know besides the span: who writes it, when, and the inference results that exist. */
export interface SpanContext {
  readonly organizationId: string;
  readonly now: string;
  /** Live inference results of the caller's organization, by id, with their session. */
  readonly inferenceResults: ReadonlyMap<string, { readonly sessionId: string }>;
}
