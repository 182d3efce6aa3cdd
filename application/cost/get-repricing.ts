import type { Repricing } from '../../domain/cost/repricing.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** GET /repricings/{id}: how far one of the organization's repricing jobs got (another organization's: 404). */
export class GetRepricing {
  constructor(private readonly ports: Pick<Ports, 'repricings'>) {}

  execute(actor: Actor, id: string): Promise<Repricing> {
    return this.ports.repricings.require(actor.organizationId, id);
  }
}
