import { z } from 'zod';
import { costTotals } from './cost-totals.ts';
import type { LaunchView, RunView, RunWithLaunches } from '../../../application/run/run-views.ts';
import { EVALUATION_STATUSES } from '../../../domain/evaluation/evaluation.ts';
import { LAUNCH_KINDS, LAUNCH_STATUSES } from '../../../domain/run/launch.ts';
import type { MetricSummary } from '../../../domain/run/metric-summary.ts';
import type { RelaunchOptions } from '../../../domain/run/relaunch.ts';
import { RUN_OPENERS, RUN_STATUSES, type NewRun } from '../../../domain/run/run.ts';
import { jsonObject, listQuery, nullableTimestamp, q, timestamp } from './common.ts';
import { recordResponse, requestBody } from './record-fields.ts';

const id = z.string().min(1);

export const launch = recordResponse<LaunchView, 'organizationId' | 'relaunchedFromLaunchId' | 'deletedAt' | 'version'>(
  { id: 'Launch' },
)({
  id: z.string(),
  runId: z.string(),
  kind: z.enum(LAUNCH_KINDS),
  status: z.enum(LAUNCH_STATUSES),
  request: jsonObject.describe('The request body as received (for a relaunch: that of the launch it repeats)'),
  error: z.string().nullable().describe('Why the launch itself could not run (FAILED)'),
  evaluationCount: z.number().int().describe('Evaluations the launch created (live)'),
  sessionCount: z.number().int().describe('Distinct sessions they cover'),
  createdAt: timestamp,
  startedAt: nullableTimestamp,
  finishedAt: nullableTimestamp,
  progress: z
    .object({
      testCases: z.number().int(),
      sessionsDone: z.number().int(),
      sessionsFailed: z.number().int(),
      evaluationsCreated: z.number().int(),
      skippedCancelled: z.number().int().describe('Test cases left out because the launch was cancelled'),
      skippedForCredits: z.array(z.string()).readonly().describe('Test cases left out for want of credits'),
    })
    .nullable()
    .describe('GENERATE_INFERENCES launches: how far generation has come; null for other kinds'),
});

const runFields = {
  id: z.string(),
  productId: z.string(),
  versionId: z.string().nullable(),
  userId: z.string().nullable(),
  ordinal: z.number().int().describe('Per-product number from 1, never reused'),
  customId: z.string().nullable(),
  relaunchedFromRunId: z.string().nullable(),
  openedBy: z.enum(RUN_OPENERS),
  status: z.enum(RUN_STATUSES),
  evaluationCount: z.number().int().describe('Live evaluations this run launched'),
  sessionCount: z.number().int().describe('Distinct sessions they cover'),
  ...costTotals,
  finishedAt: nullableTimestamp,
  deletedAt: nullableTimestamp,
  createdAt: timestamp,
};

export const run = recordResponse<RunView, 'organizationId' | 'version'>({ id: 'Run' })(runFields);

export const runWithLaunches = recordResponse<RunWithLaunches, 'organizationId' | 'version'>({ id: 'RunWithLaunches' })(
  {
    ...runFields,
    launches: z.array(launch).describe('The launches of the run, oldest first'),
  },
);

export const runCreate = requestBody<NewRun>({ id: 'RunCreate' })({
  productId: id,
  versionId: id.nullable().optional(),
  customId: z.string().trim().min(1).max(255).nullable().optional().describe('Unique per product among live runs'),
});

export const runQuery = listQuery({
  filters: {
    productIds: q.strings(),
    versionIds: q.strings(),
    statuses: q.enums(RUN_STATUSES),
    customIds: q.strings(),
    openedBy: q.enums(RUN_OPENERS),
  },
  sort: ['createdAt', 'ordinal'],
});

export const relaunchBody = requestBody<RelaunchOptions>({ id: 'RelaunchRequest' })({
  versionId: id.optional().describe('Only for runs with launches that generate inferences'),
  useCurrentTestCases: z.boolean().optional().describe('Only for launches that generate inferences'),
});

export const launchParams = z.strictObject({ id, launchId: id });

export const metricSummary = recordResponse<MetricSummary>({ id: 'MetricSummary' })({
  metricId: z.string(),
  metricName: z.string(),
  evaluations: z.number().int(),
  scored: z.number().int().describe('Evaluations with a score (a human score counts instead of the automatic one)'),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  byStatus: z.object(Object.fromEntries(EVALUATION_STATUSES.map((status) => [status, z.number().int()]))),
});
