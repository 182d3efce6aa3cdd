import { StaleVersion } from '../../domain/errors.ts';
import { retryEvaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

export interface RetryReport {
  /** Ids put back to PENDING and queued again. */
  readonly retried: string[];
  /** Ids found but not retryable (canRetry is not true). */
  readonly skipped: string[];
  /** Ids that could not be retried, with why (not found). */
  readonly errors: { id: string; error: string }[];
}

/** POST /evaluations/retry: re-queues the evaluations marked canRetry (one read, one write), in one transaction with their jobs. */
export class RetryEvaluations {
  constructor(private readonly ports: Pick<Ports, 'uow' | 'evaluations' | 'jobQueue'>) {}

  async execute(actor: Actor, ids: readonly string[]): Promise<RetryReport> {
    const found = await listIn(this.ports.evaluations, actor.organizationId, ids);
    const foundIds = new Set(found.map((evaluation) => evaluation.id));
    const retryable = found.filter((evaluation) => evaluation.canRetry === true);
    const report: RetryReport = {
      retried: retryable.map((evaluation) => evaluation.id),
      skipped: found.filter((evaluation) => evaluation.canRetry !== true).map((evaluation) => evaluation.id),
      errors: [...new Set(ids)]
        .filter((id) => !foundIds.has(id))
        .map((id) => ({ id, error: `Evaluation ${id} not found` })),
    };
    await this.ports.uow.transaction(async () => {
      // One statement for the batch; a row changed since it was read is not written, and the request is refused.
      const written = new Set(await this.ports.evaluations.recordOutcomes(retryable.map(retryEvaluation)));
      const changed = retryable.find((evaluation) => !written.has(evaluation.id));
      if (changed) throw StaleVersion.of('Evaluation', changed.id);
      await this.ports.jobQueue.enqueue(
        retryable.map((evaluation) => ({ organizationId: evaluation.organizationId, evaluationId: evaluation.id })),
      );
    });
    return report;
  }
}
