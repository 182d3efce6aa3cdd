import type { GenerationItem } from '../../../domain/generation/generation-item.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The test cases of generating launches. */
export const generationKinds = {
  generationItems: ownedRecordKind<GenerationItem>({
    name: 'GenerationItem',
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
