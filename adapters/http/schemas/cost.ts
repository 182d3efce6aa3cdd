import { z } from 'zod';
import type { ModelPrice, ModelPriceChanges, NewModelPrice } from '../../../domain/cost/model-price.ts';
import { MATCH_PATTERN_LIMIT } from '../../../domain/cost/model-price.ts';
import { PRICE_LIMIT } from '../../../domain/cost/price-amounts.ts';
import { REPRICING_STATES, type Repricing } from '../../../domain/cost/repricing.ts';
import { listQuery, nameFilters, nullableTimestamp, q, recordName, timestamp } from './common.ts';
import { lifecycleTimestamps, recordResponse, requestBody } from './record-fields.ts';

const price = z.number().min(0).max(PRICE_LIMIT).describe('US dollars per token');
const optionalPrice = price.nullable().optional();
const text = z.string().min(1).max(255).nullable().optional();

export const modelPrice = recordResponse<ModelPrice, 'version'>({ id: 'Model' })({
  id: z.string(),
  organizationId: z.string().nullable().describe('null for a platform-wide model'),
  name: z.string(),
  matchPattern: z.string().nullable().describe('RE2 regular expression matched against reported model names'),
  costPerInputToken: z.number(),
  costPerOutputToken: z.number(),
  costPerCacheReadInputToken: z.number().nullable(),
  costPerCacheCreationInputToken: z.number().nullable(),
  costPerInputTokenAbove128k: z.number().nullable(),
  costPerOutputTokenAbove128k: z.number().nullable(),
  tokenizerProvider: z.string().nullable(),
  source: z.string().nullable(),
  updatedAt: timestamp,
  ...lifecycleTimestamps,
});

const editable = {
  matchPattern: z.string().max(MATCH_PATTERN_LIMIT).nullable().optional(),
  costPerCacheReadInputToken: optionalPrice,
  costPerCacheCreationInputToken: optionalPrice,
  costPerInputTokenAbove128k: optionalPrice,
  costPerOutputTokenAbove128k: optionalPrice,
  tokenizerProvider: text,
  source: z.string().min(1).max(2000).nullable().optional(),
};

export const modelPriceCreate = requestBody<NewModelPrice>({ id: 'ModelCreate' })({
  name: recordName,
  costPerInputToken: price,
  costPerOutputToken: price,
  platformWide: z.boolean().optional().describe('Platform ADMIN only: a model every organization reads'),
  ...editable,
});
export const modelPriceUpdate = requestBody<ModelPriceChanges>({ id: 'ModelUpdate' })({
  name: recordName.optional(),
  costPerInputToken: price.optional(),
  costPerOutputToken: price.optional(),
  ...editable,
});
export const modelPriceQuery = listQuery({ filters: nameFilters, sort: ['createdAt', 'name', 'id'] });

export const repricing = recordResponse<
  Repricing,
  'organizationId' | 'version' | 'afterId' | 'allOrganizations' | 'deletedAt'
>({
  id: 'Repricing',
})({
  id: z.string().describe('`repricing_…`'),
  modelId: z.string().nullable(),
  versionId: z.string().nullable(),
  state: z.enum(REPRICING_STATES).describe('queued, active (chunks under way) or completed'),
  repricedCount: z.number().int().describe('Turns re-priced so far'),
  finishedAt: nullableTimestamp,
  createdAt: timestamp,
});

const dateOrTimestamp = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString())
  .optional();

export const usageQuery = z.strictObject({
  productIds: q.strings(),
  versionIds: q.strings(),
  models: q.strings(),
  from: dateOrTimestamp.describe('Inclusive; an ISO date (midnight UTC) or timestamp; default 30 days before to'),
  to: dateOrTimestamp.describe('Exclusive; default the end of today (UTC): 30 whole days by default'),
  groupBy: z.string().min(1).max(40).describe('day, version or model, or two of them: groupBy=day,version'),
});

export const usageLine = z
  .object({
    day: z.string().optional(),
    versionId: z.string().optional(),
    model: z.string().nullable().optional(),
    inferenceResultCount: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    cacheReadInputTokens: z.number().int(),
    cost: z.number().describe('US dollars, summed exactly in nano-dollars'),
  })
  .meta({ id: 'UsageLine' });
