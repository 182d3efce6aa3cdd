import type { Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One specification of the organization, with its linked metric and dataset ids. */
export class GetSpecification {
  constructor(private readonly ports: Pick<Ports, 'specifications'>) {}

  execute(actor: Actor, id: string): Promise<Specification> {
    return this.ports.specifications.require(actor.organizationId, id);
  }
}
