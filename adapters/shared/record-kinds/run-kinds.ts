import type { Launch } from '../../../domain/run/launch.ts';
import type { Run } from '../../../domain/run/run.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Runs and the launches inside them. */
export const runKinds = {
  runs: ownedRecordKind<Run>({
    name: 'Run',
    unique: [
      ['productId', 'ordinal'],
      ['productId', 'customId'],
    ],
    fields: {
      productId: true,
      versionId: true,
      userId: true,
      ordinal: true,
      customId: true,
      relaunchedFromRunId: true,
      openedBy: true,
      status: true,
      finishedAt: true,
      version: true,
    },
  }),
  launches: ownedRecordKind<Launch>({
    name: 'Launch',
    fields: {
      runId: true,
      kind: true,
      status: true,
      request: true,
      error: true,
      relaunchedFromLaunchId: true,
      startedAt: true,
      finishedAt: true,
      progress: true,
      version: true,
    },
  }),
};
