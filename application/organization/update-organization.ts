import type { Actor } from '../../domain/identity/role.ts';
import {
  updateOrganization,
  type Organization,
  type OrganizationChanges,
} from '../../domain/organization/organization.ts';
import type { Ports } from '../ports/ports.ts';
import { warnOnCredits } from '../operations/warn-on-credits.ts';
import { adminScope } from '../shared/scope.ts';

/** Owners change their organization, Admins any; the domain decides which fields each may set. */
export class UpdateOrganization {
  constructor(private readonly ports: Pick<Ports, 'organizations' | 'users' | 'mailer' | 'clock' | 'logger'>) {}

  async execute(actor: Actor, id: string, changes: OrganizationChanges): Promise<Organization> {
    const current = await this.ports.organizations.require(adminScope(actor), id);
    const updated = await this.ports.organizations.update(updateOrganization(actor, current, changes));
    // A refill (or a new threshold) re-arms or triggers the credit warnings.
    await warnOnCredits(this.ports, updated.id);
    return (await this.ports.organizations.get(updated.id, updated.id)) ?? updated;
  }
}
