import { z } from 'zod';
import type { EvaluateSessionRequest } from '../../../application/evaluation/evaluate-session.ts';
import type { EvaluateSessionsRequest, LaunchReport } from '../../../application/evaluation/evaluate-sessions.ts';
import type { CreditStatus } from '../../../application/evaluation/get-credit-status.ts';
import type { RetryReport } from '../../../application/evaluation/retry-evaluations.ts';
import { EVALUATION_STATUSES, type Evaluation } from '../../../domain/evaluation/evaluation.ts';
import { listQuery, nullableTimestamp, q } from './common.ts';
import { lifecycleTimestamps, recordResponse, requestFields } from './record-fields.ts';

const id = z.string().min(1);
const ids = z.array(id).max(1000, 'at most 1000 ids per request');

export const evaluation = recordResponse<Evaluation, 'organizationId' | 'versionId' | 'version'>({ id: 'Evaluation' })({
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
  humanScore: z.number().nullable().describe("A reviewer's score: for a HUMAN metric also the score"),
  humanReason: z.string().nullable(),
  failedTurns: z.array(z.string()),
  ...lifecycleTimestamps,
  evaluatedAt: nullableTimestamp,
  metricLegacyAt: nullableTimestamp,
  metricDisabledAt: nullableTimestamp,
  runId: z.string().nullable().describe('The run whose launch created the evaluation'),
  launchId: z.string().nullable().describe('The launch that created the evaluation'),
  monitorId: z.string().nullable().describe('The monitor that queued the evaluation (then runId is null)'),
});

export const evaluationQuery = listQuery({
  filters: {
    sessionIds: q.strings(),
    inferenceResultIds: q.strings(),
    metricIds: q.strings(),
    statuses: q.enums(EVALUATION_STATUSES),
    runIds: q.strings(),
    launchIds: q.strings(),
    monitorIds: q.strings(),
    versionIds: q.strings(),
    testCaseIds: q.strings(),
    canRetry: q.boolean(),
    minScore: q.number().pipe(z.number().min(0).max(1).optional()),
    maxScore: q.number().pipe(z.number().min(0).max(1).optional()),
    reviewable: q
      .boolean()
      .describe(
        'true: only what the caller may review and nobody else has claimed, oldest first ' +
          '(with statuses=PENDING_HUMAN: the review queue)',
      ),
  },
  sort: ['createdAt', 'score', 'evaluatedAt'],
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
      'A metric by id or by name; `score` (0..1) only for SELF_HOSTED metrics: the evaluation is created SUCCESS ' +
      'with it.',
  });

const scopeFields = {
  metrics: z.array(metricChoice).max(1000).optional(),
  specificationIds: ids.optional(),
  runId: id
    .optional()
    .describe('A RUNNING run opened with POST /runs to launch into; without it the request opens a run of its own'),
};

type OneTarget<Target extends string> = EvaluateSessionRequest & Record<Target, string>;

export const fromSessionBody = z.strictObject(
  requestFields<OneTarget<'sessionId'>>()({ sessionId: id, ...scopeFields }),
);
export const fromInferenceResultBody = z.strictObject(
  requestFields<OneTarget<'inferenceResultId'>>()({ inferenceResultId: id, ...scopeFields }),
);
export const fromSessionsBody = z.strictObject(
  requestFields<EvaluateSessionsRequest>()({
    sessionIds: ids.optional(),
    versionId: id.optional(),
    ...scopeFields,
  }),
);

export const batchReport = recordResponse<LaunchReport>({ id: 'BatchEvaluationReport' })({
  sessionsEvaluated: z.number().int(),
  sessionsFailed: z.number().int(),
  evaluationsCreated: z.number().int(),
  failures: z.array(z.object({ sessionId: z.string(), error: z.string() })),
  message: z.string(),
  totalSessionsAvailable: z.number().int().nullable(),
  truncated: z.boolean(),
  runId: z.string().describe('The run of the launch: the one named by runId, else a new run opened by it'),
  launchId: z.string().describe('The launch this request became'),
});

export const retryBody = z.strictObject({ ids: ids.min(1) });

export const retryReport = recordResponse<RetryReport>({ id: 'RetryReport' })({
  retried: z.array(z.string()),
  skipped: z.array(z.string()),
  errors: z.array(z.object({ id: z.string(), error: z.string() })),
});

export const creditStatus = recordResponse<CreditStatus>({ id: 'CreditStatus' })({
  organizationId: z.string(),
  remainingSubscriptionCredits: z.number().int().nullable(),
  extraCredits: z.number().int(),
  availableCredits: z.number().int(),
  llmJudgeEvaluationCost: z.number().int(),
});
