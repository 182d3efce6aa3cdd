import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One evaluation of the caller's organization. */
export class GetEvaluation {
  constructor(private readonly ports: Pick<Ports, 'evaluations'>) {}

  execute(actor: Actor, id: string): Promise<Evaluation> {
    return this.ports.evaluations.require(actor.organizationId, id);
  }
}
