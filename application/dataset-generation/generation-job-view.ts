import {
  type GenerationJob,
  type GenerationJobState,
  jobResult,
} from '../../domain/dataset-generation/generation-job.ts';
import type { DatasetType } from '../../domain/dataset/dataset.ts';

/** A generation job as the API shows it. */
export interface GenerationJobView {
  readonly id: string;
  readonly datasetId: string;
  readonly kind: DatasetType;
  readonly state: GenerationJobState;
  readonly language: string;
  readonly progress: { readonly done: number; readonly total: number };
  readonly result: { readonly testCaseCount: number } | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
}

export const viewGenerationJob = (job: GenerationJob): GenerationJobView => ({
  id: job.id,
  datasetId: job.datasetId,
  kind: job.kind,
  state: job.state,
  language: job.languageCode,
  progress: { done: job.doneCount, total: job.maxTestCases },
  result: jobResult(job),
  error: job.error,
  createdAt: job.createdAt,
  startedAt: job.startedAt,
  finishedAt: job.finishedAt,
});
