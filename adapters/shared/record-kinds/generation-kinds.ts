import type { GenerationItem } from '../../../domain/generation/generation-item.ts';
import { recordKind } from '../record-kind.ts';

/** The test cases of generating launches. */
export const generationKinds = {
  generationItems: recordKind<GenerationItem>({
    name: 'GenerationItem',
    publicName: 'Generation item',
    scopeField: 'organizationId',
    unique: [['launchId', 'testCaseId']],
    fields: {
      id: true,
      organizationId: true,
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
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
};
