import type { Actor } from '../../domain/identity/role.ts';
import {
  updateOrganization,
  type Organization,
  type OrganizationChanges,
} from '../../domain/organization/organization.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** Owners change their organization, Admins any; the domain decides which fields each may set. */
export class UpdateOrganization {
  constructor(private readonly ports: Pick<Ports, 'organizations'>) {}

  async execute(actor: Actor, id: string, changes: OrganizationChanges): Promise<Organization> {
    const current = await this.ports.organizations.require(adminScope(actor), id);
    return this.ports.organizations.update(updateOrganization(actor, current, changes));
  }
}
