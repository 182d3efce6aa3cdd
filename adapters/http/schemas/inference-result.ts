import { z } from 'zod';
import {
  COST_SOURCES,
  INFERENCE_RESULT_STATUSES,
  type InferenceResult,
} from '../../../domain/tracing/inference-result.ts';
import { lifecycleTimestamps, recordResponse } from './record-fields.ts';

/** A turn as served: what was sent or worked out, with the prices applied and where its cost came from. */
export const inferenceResult = recordResponse<
  InferenceResult,
  'organizationId' | 'version' | 'costNanos' | 'priceModelId' | 'usageSource' | 'modelSource'
>({ id: 'InferenceResult' })({
  id: z.string(),
  sessionId: z.string(),
  input: z.string().nullable(),
  output: z.string().nullable(),
  retrievalContext: z.array(z.string()).nullable(),
  latency: z.number().nullable().describe('Milliseconds'),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  totalTokens: z.number().int().nullable(),
  cacheReadInputTokens: z.number().int().nullable().describe('Input tokens read from the prompt cache'),
  cacheCreationInputTokens: z.number().int().nullable().describe('Input tokens written to the prompt cache'),
  model: z.string().nullable().describe('The model name the turn used'),
  cost: z.number().nullable().describe('US dollars: as sent, or worked out from the model prices (exact to 1e-9)'),
  costPerInputToken: z.number().nullable().describe('The input price applied (dollars per token)'),
  costPerOutputToken: z.number().nullable().describe('The output price applied (dollars per token)'),
  costPerCacheReadInputToken: z.number().nullable().describe('The cache-read price applied (dollars per token)'),
  costSource: z.enum(COST_SOURCES).nullable().describe('SENT: the client gave cost; MODEL: worked out; null: unknown'),
  status: z.enum(INFERENCE_RESULT_STATUSES),
  error: z.string().nullable(),
  droppedSpanCount: z.number().int().describe('Spans of this result refused for invalid data'),
  ...lifecycleTimestamps,
});
