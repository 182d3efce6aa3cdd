import { z } from 'zod';
import { isJsonObject } from '../../../domain/shared/json.ts';
import { SPAN_TYPES } from '../../../domain/tracing/span.ts';
import { MODEL_NAME_LIMIT } from '../../../domain/tracing/span-usage.ts';
import { jsonObject } from './common.ts';

const count = z.number().int().min(0).nullable();

/** A model call's token usage; `inputTokens` counts every input token, the cache reads and writes among them. */
export const tokenUsage = z
  .object({
    inputTokens: count,
    outputTokens: count,
    totalTokens: count.describe('As sent, else inputTokens + outputTokens'),
    cacheReadInputTokens: count.describe('Input tokens read from the prompt cache'),
    cacheCreationInputTokens: count.describe('Input tokens written to the prompt cache'),
  })
  .meta({ id: 'TokenUsage' });

/**
 * The fields of a span as sent, for the document only: the domain validates each span (refusing them one by one),
 * and parsing a 1000-span batch through an object schema would copy every span on the hot path.
 */
const spanInputFields = z.object({
  inferenceResultId: z.string().describe('The inference result (turn) the span belongs to'),
  name: z.string(),
  id: z.string().optional().describe('A client-chosen id starting with trace_; sending it again is idempotent'),
  type: z.enum(SPAN_TYPES).optional().describe('Default SPAN'),
  description: z.string().optional().describe('At most 1 MiB'),
  inputData: jsonObject.optional(),
  outputData: z.union([jsonObject, z.string()]).optional(),
  error: z.string().optional(),
  latencyMs: z.number().min(0).optional().describe('Default endTime - startTime'),
  metadata: jsonObject.optional(),
  model: z.string().min(1).max(MODEL_NAME_LIMIT).optional().describe('The model a GENERATION span called'),
  usage: tokenUsage.partial().optional().describe('Token counts, each optional; no other field'),
  parentTraceId: z.string().optional().describe('The parent span; it may arrive later in the same or a later batch'),
  startTime: z.string().optional().describe('ISO 8601'),
  endTime: z.string().optional().describe('ISO 8601'),
});
const { properties, required } = z.toJSONSchema(spanInputFields, { io: 'input' });

// Checked as an object only (see spanInputFields); the document still gives every field and the required ones.
export const spanInput = z.custom<Record<string, unknown>>(isJsonObject, 'must be an object').meta({
  id: 'SpanInput',
  type: 'object',
  properties,
  required,
  additionalProperties: true,
  description: 'One span of a batch; each span is checked on its own, and a refused span does not stop its siblings.',
});
