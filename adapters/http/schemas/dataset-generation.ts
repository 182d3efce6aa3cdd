import { z } from 'zod';
import type { GenerationJobView } from '../../../application/dataset-generation/generation-job-view.ts';
import type { StartGenerationBody } from '../../../application/dataset-generation/start-generation.ts';
import type { StoredFileView } from '../../../application/dataset-generation/upload-file.ts';
import { GENERATION_JOB_STATES } from '../../../domain/dataset-generation/generation-job.ts';
import { GENERATION_LIMITS } from '../../../domain/dataset-generation/generation-request.ts';
import { RED_TEAMING_VARIANTS, STRATEGIES } from '../../../domain/dataset-generation/red-teaming-names.ts';
import { DATASET_TYPES } from '../../../domain/dataset/dataset.ts';
import { listQuery, nullableTimestamp, q, timestamp } from './common.ts';
import { recordResponse, requestBody } from './record-fields.ts';

const steering = z.string().max(GENERATION_LIMITS.steeringChars);
const exampleText = z.string().min(1).max(10_000);

export const storedFile = recordResponse<StoredFileView>({ id: 'StoredFile' })({
  uri: z
    .string()
    .describe('Opaque; names the file in POST /tests/{id}/generate (knowledge.uri), for this organization only'),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});

export const generationJob = recordResponse<GenerationJobView>({ id: 'GenerationJob' })({
  id: z.string().describe('job_…'),
  testId: z.string(),
  kind: z.enum(DATASET_TYPES),
  state: z.enum(GENERATION_JOB_STATES),
  language: z.string(),
  progress: z
    .object({ done: z.number().int(), total: z.number().int() })
    .describe('Test cases written so far, of maxTestCases'),
  result: z.object({ testCaseCount: z.number().int() }).nullable().describe('Once the job ended; null while it runs'),
  error: z.string().nullable().describe('Why it failed, or why it completed short (credits ran out)'),
  createdAt: timestamp,
  startedAt: nullableTimestamp,
  finishedAt: nullableTimestamp,
});

export const generationBody = requestBody<StartGenerationBody>({ id: 'GenerationRequest' })({
  kind: z.enum(DATASET_TYPES).describe("The test's type"),
  maxTestCases: z.number().int().describe('1–1000 (SCENARIOS 1–100)'),
  language: z.string().max(64).optional().describe('BCP-47; default en'),
  knowledge: z
    .union([
      z.strictObject({ text: z.string().describe('Plain text, Markdown, HTML or JSON; at most 5 MiB') }),
      z.strictObject({ uri: z.string().max(200).describe('A uri answered by POST /files') }),
    ])
    .optional()
    .describe('QUALITY only, required there'),
  fewShotExamples: z
    .array(z.strictObject({ input: exampleText, expectedOutput: exampleText }))
    .max(GENERATION_LIMITS.fewShotExamples)
    .optional(),
  customUserFocus: steering.nullable().optional(),
  variants: z.array(z.enum(RED_TEAMING_VARIANTS)).max(6).optional().describe('RED_TEAMING: exactly one'),
  customVariantDescription: steering.nullable().optional().describe('Required with the custom variant'),
  strategies: z
    .array(z.enum(['original', ...STRATEGIES]))
    .max(STRATEGIES.length + 1)
    .optional()
    .describe('RED_TEAMING: original is always played, first'),
  maxIterations: z.number().int().optional().describe('SCENARIOS: 1–20, default 10'),
});

export const generationJobQuery = listQuery({
  filters: { testIds: q.strings(), states: q.enums(GENERATION_JOB_STATES) },
  sort: ['createdAt'],
});
