import type { Evaluation } from '../../../domain/evaluation/evaluation.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The evaluation records. */
export const evaluationKinds = {
  evaluations: ownedRecordKind<Evaluation>({
    name: 'Evaluation',
    fields: {
      metricId: true,
      sessionId: true,
      userId: true,
      status: true,
      testCaseId: true,
      inferenceResultId: true,
      score: true,
      reason: true,
      error: true,
      canRetry: true,
      creditsUsed: true,
      conversationSimulatorVersion: true,
      humanEvaluatorId: true,
      humanEvaluatorStartedAt: true,
      humanScore: true,
      humanReason: true,
      failedTurns: true,
      evaluatedAt: true,
      metricLegacyAt: true,
      metricDisabledAt: true,
      runId: true,
      launchId: true,
      versionId: true,
      monitorId: true,
      version: true,
    },
  }),
};
