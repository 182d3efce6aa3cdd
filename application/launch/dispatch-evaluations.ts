import type { Metric } from '../../domain/catalog/metric.ts';
import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/** One session (or turn) and the metrics to score it with. */
export interface Assignment {
  readonly session: Session;
  readonly inferenceResultId?: string;
  readonly metricIds: readonly string[];
}

export interface DispatchRequest {
  readonly assignments: readonly Assignment[];
  readonly metrics: ReadonlyMap<string, Metric>;
  readonly scores: ReadonlyMap<string, number>;
  readonly runId: string;
  readonly launchId: string;
  /** A simulated conversation's simulator version and failed turns, carried by its evaluations. */
  readonly simulation?: { readonly conversationSimulatorVersion: string; readonly failedTurns: readonly string[] };
}

/** Whose the evaluations are: the organization, and the user who launched them (an actor, or a run's opener). */
export type EvaluationOwner = Pick<Actor, 'organizationId'> & { readonly userId: string | null };

type Needs = Pick<Ports, 'uow' | 'clock' | 'ids' | 'evaluations' | 'jobQueue'>;

/** Writes the evaluations (one statement) and enqueues their jobs in the same transaction; answers them. */
export async function dispatchEvaluations(
  ports: Needs,
  owner: EvaluationOwner,
  request: DispatchRequest,
): Promise<Evaluation[]> {
  const now = ports.clock.now();
  const evaluations = request.assignments.flatMap(({ session, inferenceResultId, metricIds }) =>
    metricIds.flatMap((metricId) => {
      const metric = request.metrics.get(metricId);
      if (!metric) return [];
      return [
        {
          ...createEvaluation(
            {
              id: ports.ids.next('evaluation'),
              organizationId: owner.organizationId,
              metricId,
              sessionId: session.id,
              userId: owner.userId,
              testCaseId: session.testCaseId,
              inferenceResultId: inferenceResultId ?? null,
              runId: request.runId,
              launchId: request.launchId,
              versionId: session.versionId,
              metricLegacyAt: metric.legacyAt,
              metricDisabledAt: metric.disabledAt,
              score: request.scores.get(metricId),
            },
            now,
          ),
          ...request.simulation,
        },
      ];
    }),
  );
  const jobs = evaluations
    .filter((evaluation) => evaluation.status === 'PENDING')
    .map((evaluation) => ({ organizationId: evaluation.organizationId, evaluationId: evaluation.id }));
  await ports.uow.transaction(async () => {
    await ports.evaluations.insertMany(evaluations);
    await ports.jobQueue.enqueue(jobs);
  });
  return evaluations;
}
