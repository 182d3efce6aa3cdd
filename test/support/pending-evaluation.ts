import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';

/** A PENDING evaluation linked to nothing else (its metric and session need not exist): a job for queue tests. */
export const pendingEvaluation = ({ id, organizationId }: { id: string; organizationId: string }): Evaluation =>
  createEvaluation(
    {
      id,
      organizationId,
      metricId: 'metric_1',
      sessionId: 'session_1',
      userId: null,
      testCaseId: null,
      inferenceResultId: null,
      runId: null,
      launchId: null,
      versionId: null,
      metricLegacyAt: null,
      metricDisabledAt: null,
    },
    new Date().toISOString(),
  );
