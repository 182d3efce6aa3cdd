import type { EvaluationJob } from '../../application/ports/job-queue.ts';
import type { EvaluationStore } from '../../application/ports/evaluation-store.ts';

/**
 * The in-process queue's outbox over the evaluations table: the PENDING evaluations of every organization, oldest
 * first, as jobs. At start-up it holds what a stopped process left unscored, so nothing is enqueued twice or lost.
 */
export const pendingEvaluationJobs =
  (evaluations: EvaluationStore) =>
  async (limit: number): Promise<EvaluationJob[]> =>
    (
      await evaluations.list(null, {
        where: [{ field: 'status', op: 'eq', value: 'PENDING' }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((evaluation) => ({ organizationId: evaluation.organizationId, evaluationId: evaluation.id }));
