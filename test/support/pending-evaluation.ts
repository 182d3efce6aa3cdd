import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';

/**
 * The fields of a new evaluation that links to no test case, turn, run, launch or version, for a metric neither legacy
 * nor disabled.
 */
export const unlinkedEvaluation = {
  testCaseId: null,
  inferenceResultId: null,
  runId: null,
  launchId: null,
  versionId: null,
  metricLegacyAt: null,
  metricDisabledAt: null,
} as const;

/** A PENDING evaluation linked to nothing else (its metric and session need not exist): a job for queue tests. */
export const pendingEvaluation = ({ id, organizationId }: { id: string; organizationId: string }): Evaluation =>
  createEvaluation(
    {
      id,
      organizationId,
      metricId: 'metric_1',
      sessionId: 'session_1',
      userId: null,
      ...unlinkedEvaluation,
    },
    new Date().toISOString(),
  );
