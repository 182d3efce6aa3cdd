import { z } from 'zod';
import { METRIC_SOURCES } from '../../../domain/catalog/metric-kinds.ts';
import type { HumanScore } from '../../../domain/review/human-review.ts';
import type { ReviewContext } from '../../../domain/review/review-context.ts';
import type { LinkedUserGroup, NewUserGroup, UserGroupChanges } from '../../../domain/review/user-group.ts';
import { TEXT_LIMIT } from '../../../domain/shared/fields.ts';
import { INFERENCE_RESULT_STATUSES } from '../../../domain/tracing/inference-result.ts';
import { SESSION_STATUSES } from '../../../domain/tracing/session.ts';
import {
  jsonObject,
  listQuery,
  nameFilters,
  nullableTimestamp,
  optionalText,
  q,
  recordName,
  timestamp,
} from './common.ts';
import { evaluation } from './evaluation.ts';
import { ownedRecordIds, recordResponse, requestBody, responseFields } from './record-fields.ts';

const ids = z.array(z.string().min(1)).max(1000, 'at most 1000 ids per request');
/** An optional field of a new record: an explicit null means the same as leaving it out. */
const orAbsent = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((value) => value ?? undefined);

export const userGroup = recordResponse<LinkedUserGroup, 'version'>({ id: 'UserGroup' })({
  ...ownedRecordIds,
  name: z.string(),
  description: z.string().nullable(),
  userIds: z.array(z.string()).describe('The reviewers in the group'),
  metricIds: z.array(z.string()).describe('The metrics its reviewers score'),
  productIds: z.array(z.string()).describe('The products it covers, unless allProducts'),
  allProducts: z.boolean().describe('Covers every product of the organization'),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: nullableTimestamp,
});

export const userGroupCreate = requestBody<NewUserGroup>({ id: 'UserGroupCreate' })({
  name: recordName,
  description: optionalText,
  allProducts: orAbsent(z.boolean()).describe('Default false: the group covers only its linked products'),
  userIds: orAbsent(ids),
  metricIds: orAbsent(ids),
  productIds: orAbsent(ids),
});

export const userGroupUpdate = requestBody<UserGroupChanges>({ id: 'UserGroupUpdate' })({
  name: recordName.optional(),
  description: optionalText,
  allProducts: z.boolean().optional(),
});

export const userGroupQuery = listQuery({
  filters: {
    ...nameFilters,
    userIds: q.strings().describe('Groups with any of these users'),
    metricIds: q.strings().describe('Groups linked to any of these metrics'),
    productIds: q.strings().describe('Groups linked to any of these products'),
  },
  sort: ['createdAt', 'updatedAt', 'name', 'id'],
});

export const userLinks = z.strictObject({ userIds: ids.min(1) }).meta({ id: 'UserGroupUserLinks' });
export const metricLinks = z.strictObject({ metricIds: ids.min(1) }).meta({ id: 'UserGroupMetricLinks' });
export const productLinks = z.strictObject({ productIds: ids.min(1) }).meta({ id: 'UserGroupProductLinks' });

export const humanScoreBody = requestBody<HumanScore>({ id: 'HumanScore' })({
  score: z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number from 0 to 1') })
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1'),
  reason: z.string().max(TEXT_LIMIT).nullable().optional(),
});

const spansSummary = z.object({
  count: z.number().int(),
  errors: z.number().int(),
  types: z.record(z.string(), z.number().int()).describe('Spans per type'),
  tools: z.array(z.string()).readonly().describe('Names of the TOOL spans'),
});

export const reviewContext = z
  .object({
    // Tied to Evaluation by its own schema; nested here as it is, which the shallow tie below cannot check.
    evaluation,
    ...responseFields<ReviewContext, 'evaluation'>()({
      metric: z.object({
        id: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        source: z.enum(METRIC_SOURCES),
        guideline: z.string().nullable().describe("How to score: the metric's judgePrompt"),
      }),
      session: z.object({
        id: z.string(),
        productId: z.string().nullable(),
        versionId: z.string(),
        customId: z.string().nullable(),
        status: z.enum(SESSION_STATUSES),
        context: jsonObject.nullable(),
      }),
      turns: z.array(
        z.object({
          inferenceResultId: z.string(),
          scored: z.boolean().describe('Whether the evaluation scores this turn'),
          status: z.enum(INFERENCE_RESULT_STATUSES),
          input: z.string().nullable(),
          output: z.string().nullable(),
          retrievalContext: z.array(z.string()).readonly().nullable(),
          error: z.string().nullable(),
          latency: z.number().nullable(),
          spans: spansSummary,
        }),
      ),
      testCase: z
        .object({
          id: z.string(),
          input: jsonObject,
          expectedOutput: z.string().nullable(),
          context: jsonObject.nullable(),
          expectedTools: z.array(z.string()).readonly(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'ReviewContext' });
