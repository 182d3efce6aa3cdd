import { deleteEvaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes an evaluation; a job still queued for it finds nothing to score. */
export class DeleteEvaluation {
  constructor(private readonly ports: Pick<Ports, 'evaluations' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const evaluation = await this.ports.evaluations.require(actor.organizationId, id);
    const deleted = await this.ports.evaluations.update(deleteEvaluation(evaluation, this.ports.clock.now()));
    return { id: deleted.id, deletedAt: deleted.deletedAt! };
  }
}
