import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** One evaluation of the caller's organization. */
export class GetEvaluation {
  constructor(private readonly ports: Pick<Ports, 'evaluations'>) {}

  execute(actor: Actor, id: string): Promise<Evaluation> {
    return requireRecord(this.ports.evaluations, actor.organizationId, id, 'Evaluation');
  }
}
