import type { InferenceGenerationItem } from '../../../domain/inference-generation/inference-generation-item.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The test cases of generating launches. */
export const inferenceGenerationKinds = {
  inferenceGenerationItems: ownedRecordKind<InferenceGenerationItem>({
    name: 'InferenceGenerationItem',
    publicName: 'Generation item',
    unique: [['launchId', 'testCaseId']],
    fields: {
      launchId: true,
      runId: true,
      versionId: true,
      testCaseId: true,
      specificationId: true,
      metricIds: true,
      status: true,
      sessionId: true,
      error: true,
      finishedAt: true,
      version: true,
    },
  }),
};
