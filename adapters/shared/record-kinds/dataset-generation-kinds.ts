import type { GenerationJob } from '../../../domain/dataset-generation/generation-job.ts';
import type { KnowledgeFile } from '../../../domain/dataset-generation/knowledge-file.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Generation jobs (`/jobs`) and the knowledge files they read (`/files`). */
export const datasetGenerationKinds = {
  generationJobs: ownedRecordKind<GenerationJob>({
    name: 'GenerationJob',
    publicName: 'Job',
    unique: [['activeDatasetId']],
    fields: {
      datasetId: true,
      userId: true,
      kind: true,
      state: true,
      activeDatasetId: true,
      maxTestCases: true,
      languageCode: true,
      parameters: true,
      doneCount: true,
      callCount: true,
      error: true,
      startedAt: true,
      finishedAt: true,
      version: true,
    },
  }),
  knowledgeFiles: ownedRecordKind<KnowledgeFile>({
    name: 'KnowledgeFile',
    publicName: 'File',
    fields: { userId: true, filename: true, mimeType: true, sizeBytes: true, text: true },
  }),
};
