import { z } from 'zod';
import type { InferenceGenerationRequest } from '../../../application/inference-generation/launch-inference-generation.ts';
import { MAX_TEST_CASES_PER_LAUNCH } from '../../../domain/inference-generation/inference-generation-plan.ts';
import { requestBody } from './record-fields.ts';
import { shownOnWire } from './wire-names.ts';

const ids = z.array(z.string().min(1)).max(1000);

export const fromVersionBody = requestBody<InferenceGenerationRequest>({ id: 'FromVersionRequest' })({
  versionId: z.string().min(1),
  specificationIds: ids.optional().describe("Default: every specification of the version's product"),
  testIds: ids.optional().describe('Only these linked datasets'),
  runId: z.string().min(1).optional().describe('A RUNNING run opened by the caller; default: a new run'),
  maxTestCases: z.number().int().min(1).max(MAX_TEST_CASES_PER_LAUNCH).optional(),
});

export const fromVersionReport = z
  .object({
    runId: z.string(),
    launchId: z.string(),
    testCaseCount: z.number().int(),
    specifications: z.array(
      shownOnWire(z.object({ id: z.string(), testIds: z.array(z.string()), metricIds: z.array(z.string()) })),
    ),
    skipped: z.array(z.object({ specificationId: z.string(), reason: z.string() })),
  })
  .meta({ id: 'FromVersionReport' });
