import { z } from 'zod';
import type { CostTotals } from '../../../application/cost/cost-totals.ts';
import { costTotals } from './cost-totals.ts';
import {
  INFERENCE_RESULT_STATUSES,
  TURN_ROLES,
  type InferenceResultFields,
  type NewInferenceResult,
} from '../../../domain/tracing/inference-result.ts';
import {
  SESSION_STATUSES,
  type NewSession,
  type Session,
  type SessionChanges,
  type SessionEnding,
} from '../../../domain/tracing/session.ts';
import { MAX_SPANS_PER_BATCH } from '../../../domain/tracing/span-batch.ts';
import { SPAN_TYPES, type Span } from '../../../domain/tracing/span.ts';
import { MODEL_NAME_LIMIT } from '../../../domain/tracing/span-usage.ts';
import { jsonObject, listQuery, nameFilters, nullableTimestamp, q } from './common.ts';
import { lifecycleTimestamps, recordResponse, requestBody } from './record-fields.ts';
import { spanInput, tokenUsage } from './span-input.ts';

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

export const session = recordResponse<Session & CostTotals, 'organizationId' | 'version'>({ id: 'Session' })({
  id: z.string(),
  versionId: z.string(),
  testCaseId: z.string().nullable(),
  customId: z.string().nullable(),
  runId: z.string().nullable(),
  isProduction: z.boolean(),
  context: jsonObject.nullable(),
  metadata: jsonObject.nullable(),
  status: z.enum(SESSION_STATUSES),
  stoppingReason: z.string().nullable(),
  error: z.string().nullable(),
  finishedAt: nullableTimestamp,
  ...costTotals,
  ...lifecycleTimestamps,
});

/** What a session's creator sets and may change later, in this order in both bodies. */
const sessionSettings = {
  isProduction: z.boolean().optional(),
  context: jsonObject.nullable().optional(),
  metadata: jsonObject.nullable().optional(),
};
export const sessionCreate = requestBody<NewSession>({ id: 'SessionCreate' })({
  versionId: z.string().min(1),
  testCaseId: z.string().min(1).nullable().optional(),
  customId: optionalText(255),
  runId: z
    .string()
    .min(1)
    .nullable()
    .optional()
    .describe(
      'A RUNNING run opened with POST /runs, of the same product (and version, when it names one); a session ' +
        'in a run is not production traffic unless isProduction says so, which is refused',
    ),
  ...sessionSettings,
});
export const sessionUpdate = requestBody<SessionChanges>({ id: 'SessionUpdate' })({
  customId: optionalText(255),
  ...sessionSettings,
});
export const sessionFinish = requestBody<SessionEnding>({ id: 'SessionFinish' })({
  stoppingReason: z
    .string()
    .trim()
    .min(1)
    .max(10_000)
    .nullable()
    .optional()
    .describe('Why the conversation stopped; the session becomes COMPLETED'),
  error: z
    .string()
    .trim()
    .min(1)
    .max(100_000)
    .nullable()
    .optional()
    .describe('What went wrong; the session becomes FAILED'),
});
export const sessionQuery = listQuery({
  filters: {
    versionIds: q.strings(),
    testCaseIds: q.strings(),
    customIds: q.strings(),
    statuses: q.enums(SESSION_STATUSES),
    runIds: q.strings(),
    isProduction: q.boolean(),
    createdAfter: q.timestamp(),
    createdBefore: q.timestamp(),
  },
  sort: ['createdAt', 'customId', 'status', 'id'],
});

export { inferenceResult } from './inference-result.ts';

const inferenceResultFields = {
  input: z.string().nullable().optional(),
  output: z.string().nullable().optional(),
  retrievalContext: z.array(z.string()).max(1000).nullable().optional(),
  latency: z.number().min(0).nullable().optional(),
  inputTokens: z.number().int().min(0).nullable().optional(),
  outputTokens: z.number().int().min(0).nullable().optional(),
  totalTokens: z.number().int().min(0).nullable().optional(),
  cacheReadInputTokens: z.number().int().min(0).nullable().optional(),
  cacheCreationInputTokens: z.number().int().min(0).nullable().optional(),
  model: z.string().min(1).max(MODEL_NAME_LIMIT).nullable().optional(),
  cost: z.number().min(0).nullable().optional(),
  status: z.enum(INFERENCE_RESULT_STATUSES).optional(),
  error: z.string().nullable().optional(),
};
export const inferenceResultCreate = requestBody<NewInferenceResult>({ id: 'InferenceResultCreate' })({
  sessionId: z.string().min(1),
  ...inferenceResultFields,
});
export const inferenceResultUpdate = requestBody<InferenceResultFields>({ id: 'InferenceResultUpdate' })(
  inferenceResultFields,
);
export const conversationBatch = z
  .strictObject({
    sessionId: z.string().min(1),
    conversationTurns: z
      .array(
        z.strictObject({
          role: z.enum(TURN_ROLES),
          content: z.string(),
          retrievalContext: z.array(z.string()).nullable().optional(),
        }),
      )
      .min(1)
      .max(1000),
  })
  .meta({
    id: 'ConversationBatch',
    description: 'A user turn opens an inference result; the assistant turns after it are its output',
  });
export const inferenceResultQuery = listQuery({
  filters: {
    sessionIds: q.strings(),
    statuses: q.enums(INFERENCE_RESULT_STATUSES),
  },
  sort: ['createdAt', 'status', 'id'],
});

/** Internal span fields: the copied session link and the late-parent marker. */
type HiddenSpanField = 'organizationId' | 'sessionId' | 'parentPending';

export const span = recordResponse<Span, HiddenSpanField>({ id: 'Span' })({
  id: z.string(),
  inferenceResultId: z.string(),
  name: z.string(),
  type: z.enum(SPAN_TYPES),
  description: z.string().nullable(),
  inputData: jsonObject.nullable(),
  outputData: z.union([jsonObject, z.string()]).nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().nullable(),
  metadata: jsonObject.nullable(),
  model: z.string().nullable().describe('The model a GENERATION span called'),
  usage: tokenUsage.nullable().describe('The tokens the span used'),
  parentTraceId: z.string().nullable().describe('The parent span as sent'),
  startTime: nullableTimestamp,
  endTime: nullableTimestamp,
  ...lifecycleTimestamps,
});

export const spanBatch = z
  .strictObject({ traces: z.array(spanInput).min(1).max(MAX_SPANS_PER_BATCH) })
  .meta({ id: 'SpanBatch' });
export const spanBatchQuery = z.strictObject({
  includeRejected: q.boolean(),
  return: z
    .enum(['representation', 'minimal'])
    .optional()
    .describe('minimal: answer {created, rejected} counts only, not the spans'),
});
export const spanBatchCounts = z
  .object({ created: z.number().int(), rejected: z.number().int() })
  .meta({ id: 'SpanBatchCounts' });
export const spanRejection = z
  .object({ index: z.number().int(), id: z.string().optional(), error: z.string(), message: z.string() })
  .meta({ id: 'SpanRejection' });
export const spanBatchReport = z
  .object({ created: z.array(span), rejected: z.array(spanRejection) })
  .meta({ id: 'SpanBatchReport' });
export const spanIds = z.strictObject({ ids: z.array(z.string().min(1)).min(1).max(1000) }).meta({ id: 'SpanIds' });
export const spanQuery = listQuery({
  filters: {
    inferenceResultIds: q.strings(),
    sessionIds: q.strings(),
    types: q.enums(SPAN_TYPES),
    ...nameFilters,
    parentTraceIds: q.strings(),
    startTimeAfter: q.timestamp(),
    startTimeBefore: q.timestamp(),
  },
  sort: ['createdAt', 'startTime', 'name', 'id'],
});

/** The wire form of a span, built by hand for the batch hot path (whose response skips schema parsing). */
export function spanView(record: Span): Omit<Span, HiddenSpanField> {
  return {
    id: record.id,
    inferenceResultId: record.inferenceResultId,
    name: record.name,
    type: record.type,
    description: record.description,
    inputData: record.inputData,
    outputData: record.outputData,
    error: record.error,
    latencyMs: record.latencyMs,
    metadata: record.metadata,
    model: record.model,
    usage: record.usage,
    parentTraceId: record.parentTraceId,
    startTime: record.startTime,
    endTime: record.endTime,
    createdAt: record.createdAt,
    deletedAt: record.deletedAt,
  };
}
