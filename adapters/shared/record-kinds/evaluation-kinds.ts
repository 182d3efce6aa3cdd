import type { Evaluation } from '../../../domain/evaluation/evaluation.ts';
import { recordKind } from '../record-kind.ts';

/** The evaluation records. */
export const evaluationKinds = {
  evaluations: recordKind<Evaluation>({
    name: 'Evaluation',
    scopeField: 'organizationId',
    fields: {
      id: true,
      createdAt: true,
      deletedAt: true,
      organizationId: true,
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
      version: true,
    },
  }),
};
