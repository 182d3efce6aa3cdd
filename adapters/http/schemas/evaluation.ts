import { z } from 'zod';
import { EVALUATION_STATUSES } from '../../../domain/evaluation/evaluation.ts';
import { nullableTimestamp, paging, q, timestamp } from './common.ts';

const id = z.string().min(1);
const ids = z.array(id).max(1000, 'at most 1000 ids per request');

export const evaluation = z
  .object({
    id: z.string(),
    metricId: z.string(),
    sessionId: z.string(),
    userId: z.string().nullable(),
    status: z.enum(EVALUATION_STATUSES),
    testCaseId: z.string().nullable(),
    inferenceResultId: z.string().nullable(),
    score: z.number().nullable(),
    reason: z.string().nullable(),
    error: z.string().nullable(),
    canRetry: z.boolean().nullable(),
    creditsUsed: z.number().int().nullable(),
    conversationSimulatorVersion: z.string().nullable(),
    humanEvaluatorId: z.string().nullable(),
    humanEvaluatorStartedAt: nullableTimestamp,
    failedTurns: z.array(z.string()),
    createdAt: timestamp,
    deletedAt: nullableTimestamp,
    evaluatedAt: nullableTimestamp,
    metricLegacyAt: nullableTimestamp,
    metricDisabledAt: nullableTimestamp,
  })
  .meta({ id: 'Evaluation' });

export const evaluationQuery = z.strictObject({
  ids: q.strings(),
  sessionIds: q.strings(),
  inferenceResultIds: q.strings(),
  metricIds: q.strings(),
  statuses: q.enums(EVALUATION_STATUSES),
  runIds: q.strings(),
  versionIds: q.strings(),
  testCaseIds: q.strings(),
  canRetry: q.boolean(),
  minScore: q.number().pipe(z.number().min(0).max(1).optional()),
  maxScore: q.number().pipe(z.number().min(0).max(1).optional()),
  ...paging(['createdAt', 'score', 'evaluatedAt']),
});

export const metricChoice = z
  .strictObject({
    id: id.optional(),
    name: id.optional(),
    score: z.number().min(0).max(1).optional(),
  })
  .refine((choice) => choice.id !== undefined || choice.name !== undefined, 'a metric needs an id or a name')
  .meta({
    id: 'MetricChoice',
    description:
      'A metric by id or by name; `score` (0..1) only for SELF_HOSTED metrics: the evaluation is created SUCCESS with it.',
  });

const scopeFields = {
  metrics: z.array(metricChoice).max(1000).optional(),
  specificationIds: ids.optional(),
  runId: id.optional(),
};

export const fromSessionBody = z.strictObject({ sessionId: id, ...scopeFields });
export const fromInferenceResultBody = z.strictObject({ inferenceResultId: id, ...scopeFields });
export const fromSessionsBody = z.strictObject({
  sessionIds: ids.optional(),
  versionId: id.optional(),
  ...scopeFields,
});

export const batchReport = z
  .object({
    sessionsEvaluated: z.number().int(),
    sessionsFailed: z.number().int(),
    evaluationsCreated: z.number().int(),
    failures: z.array(z.object({ sessionId: z.string(), error: z.string() })),
    message: z.string(),
    totalSessionsAvailable: z.number().int().nullable(),
    truncated: z.boolean(),
  })
  .meta({ id: 'BatchEvaluationReport' });

export const retryBody = z.strictObject({ ids: ids.min(1) });

export const retryReport = z
  .object({
    retried: z.array(z.string()),
    skipped: z.array(z.string()),
    errors: z.array(z.object({ id: z.string(), error: z.string() })),
  })
  .meta({ id: 'RetryReport' });

export const creditStatus = z
  .object({
    organizationId: z.string(),
    remainingSubscriptionCredits: z.number().int().nullable(),
    extraCredits: z.number().int(),
    availableCredits: z.number().int(),
    llmJudgeEvaluationCost: z.number().int(),
  })
  .meta({ id: 'CreditStatus' });
