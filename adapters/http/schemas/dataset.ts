import { z } from 'zod';
import { DATASET_TYPES, type Dataset, type DatasetChanges, type NewDataset } from '../../../domain/dataset/dataset.ts';
import type { NewTestCase, TestCase, TestCaseFields } from '../../../domain/dataset/test-case.ts';
import { GENDERS, NOISE_LEVELS, NOISE_PROFILES } from '../../../domain/dataset/voice.ts';
import { jsonObject, listQuery, nameFilters, nullableTimestamp, optionalText, q, recordName } from './common.ts';
import { lifecycleTimestamps, ownedRecordIds, recordResponse, requestBody } from './record-fields.ts';

export const test = recordResponse<Dataset, 'version'>({ id: 'Test' })({
  ...ownedRecordIds,
  productId: z.string(),
  specificationId: z.string().nullable(),
  userId: z.string(),
  name: z.string(),
  type: z.enum(DATASET_TYPES),
  description: z.string().nullable(),
  metadata: jsonObject.nullable(),
  backgroundNoiseProfile: z.enum(NOISE_PROFILES).nullable(),
  backgroundNoiseLevel: z.enum(NOISE_LEVELS).nullable(),
  ...lifecycleTimestamps,
});
const testFields = {
  description: optionalText,
  specificationId: z.string().min(1).nullable().optional(),
  metadata: jsonObject.nullable().optional().describe('Free-form fields of the caller (a JSON object)'),
  backgroundNoiseProfile: z
    .enum(NOISE_PROFILES)
    .nullable()
    .optional()
    .describe('Set together with backgroundNoiseLevel'),
  backgroundNoiseLevel: z.enum(NOISE_LEVELS).nullable().optional().describe('Set together with backgroundNoiseProfile'),
};
export const testCreate = requestBody<NewDataset>({ id: 'TestCreate' })({
  productId: z.string().min(1),
  name: recordName,
  type: z.enum(DATASET_TYPES).optional().describe('Default QUALITY; name and type are unique together per product'),
  ...testFields,
});
export const testUpdate = requestBody<DatasetChanges>({ id: 'TestUpdate' })({
  name: recordName.optional(),
  type: z.enum(DATASET_TYPES).optional(),
  ...testFields,
});
export const testQuery = listQuery({
  filters: {
    productIds: q.strings(),
    specificationIds: q.strings(),
    ...nameFilters,
    types: q.enums(DATASET_TYPES),
  },
  sort: ['createdAt', 'name', 'type', 'id'],
});

export const testCase = recordResponse<TestCase, 'organizationId' | 'version'>({ id: 'TestCase' })({
  id: z.string(),
  testId: z.string(),
  userId: z.string(),
  input: jsonObject.describe('For plain text: {"user_message": "..."}'),
  expectedOutput: z.string().nullable(),
  expectedTools: z.array(z.string()),
  context: jsonObject.nullable().describe('For plain text: {"value": "..."}'),
  source: z.string().nullable(),
  sourceFile: z.string().nullable(),
  confidence: z.number().nullable(),
  confidenceReason: z.string().nullable(),
  variant: z.string().nullable(),
  strategy: z.string().nullable(),
  languageCode: z.string().nullable().describe('BCP-47 tag, stored whole (region included)'),
  gender: z.enum(GENDERS).nullable(),
  backgroundNoiseProfile: z.enum(NOISE_PROFILES).nullable(),
  backgroundNoiseLevel: z.enum(NOISE_LEVELS).nullable(),
  userPersona: z.string().nullable(),
  scenario: z.string().nullable(),
  goal: z.string().nullable(),
  archetype: z.string().nullable(),
  specRelevance: z.string().nullable(),
  stoppingCriterias: z.array(z.string()),
  maxIterations: z.number().int().nullable(),
  isAugmented: z.boolean(),
  reviewedById: z.string().nullable(),
  userScore: z.number().nullable(),
  userScoreReason: z.string().nullable(),
  creditsUsed: z.number().int().nullable(),
  sourceTestCaseId: z.string().nullable(),
  testCaseGroupId: z.string(),
  parentTestCaseId: z.string().nullable(),
  legacyAt: nullableTimestamp,
  ...lifecycleTimestamps,
});

const list = z
  .array(z.string())
  .max(1000)
  .nullable()
  .optional()
  .transform((value) => (value === null ? [] : value));

const testCaseFields = {
  expectedOutput: optionalText,
  expectedTools: list,
  context: z.union([jsonObject, z.string()]).nullable().optional(),
  source: optionalText,
  sourceFile: optionalText,
  confidence: z.number().nullable().optional(),
  confidenceReason: optionalText,
  variant: optionalText,
  strategy: optionalText,
  languageCode: optionalText,
  gender: z.enum(GENDERS).nullable().optional(),
  backgroundNoiseProfile: z.enum(NOISE_PROFILES).nullable().optional(),
  backgroundNoiseLevel: z.enum(NOISE_LEVELS).nullable().optional(),
  userPersona: optionalText,
  scenario: optionalText,
  goal: optionalText,
  archetype: optionalText,
  specRelevance: optionalText,
  stoppingCriterias: list,
  maxIterations: z.number().int().nullable().optional(),
  isAugmented: z.boolean().optional(),
  reviewedById: z.string().min(1).nullable().optional(),
  userScore: z.number().nullable().optional(),
  userScoreReason: optionalText,
  creditsUsed: z.number().int().nullable().optional(),
  sourceTestCaseId: z.string().min(1).nullable().optional(),
};
const input = z.union([jsonObject, z.string()]).describe('An object, or plain text stored as {"user_message": text}');

export const testCaseCreate = requestBody<NewTestCase>({ id: 'TestCaseCreate' })({
  testId: z.string().min(1),
  input,
  ...testCaseFields,
});
export const testCaseUpdate = requestBody<TestCaseFields>({ id: 'TestCaseUpdate' })({
  input: input.optional(),
  ...testCaseFields,
});
export const testCaseQuery = listQuery({
  filters: {
    testIds: q.strings(),
    testCaseGroupIds: q.strings(),
    languageCodes: q.strings(),
    variants: q.strings(),
    strategies: q.strings(),
    includeLegacy: q.boolean().describe('Default true: superseded revisions are listed too'),
  },
  sort: ['createdAt', 'id'],
});

export const languagesQuery = z.strictObject({ productId: q.string() });
export const languages = z.object({ languages: z.array(z.string()) }).meta({ id: 'TestCaseLanguages' });
export const testCaseImport = z
  .object({ imported: z.number().int(), testCases: z.array(testCase) })
  .meta({ id: 'TestCaseImport' });
