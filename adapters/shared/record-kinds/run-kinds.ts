import type { Launch } from '../../../domain/run/launch.ts';
import type { Run } from '../../../domain/run/run.ts';
import { recordKind } from '../record-kind.ts';

/** Runs and the launches inside them. */
export const runKinds = {
  runs: recordKind<Run>({
    name: 'Run',
    scopeField: 'organizationId',
    unique: [
      ['productId', 'ordinal'],
      ['productId', 'customId'],
    ],
    fields: {
      id: true,
      organizationId: true,
      productId: true,
      versionId: true,
      userId: true,
      ordinal: true,
      customId: true,
      relaunchedFromRunId: true,
      openedBy: true,
      status: true,
      finishedAt: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  launches: recordKind<Launch>({
    name: 'Launch',
    scopeField: 'organizationId',
    fields: {
      id: true,
      organizationId: true,
      runId: true,
      kind: true,
      status: true,
      request: true,
      error: true,
      relaunchedFromLaunchId: true,
      startedAt: true,
      finishedAt: true,
      progress: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
};
