import type { Actor } from '../../domain/identity/role.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** One organization: the caller's own, or any for an ADMIN. */
export class GetOrganization {
  constructor(private readonly ports: Pick<Ports, 'organizations'>) {}

  execute(actor: Actor, id: string): Promise<Organization> {
    return this.ports.organizations.require(adminScope(actor), id);
  }
}
