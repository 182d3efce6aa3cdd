import type { Actor } from '../../domain/identity/role.ts';
import { assertMayDeleteOrganization } from '../../domain/organization/organization.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** An ADMIN soft-deletes a tenant; its users' keys stop working at once. */
export class DeleteOrganization {
  constructor(private readonly ports: Pick<Ports, 'organizations' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const organization = await this.ports.organizations.require(adminScope(actor), id);
    assertMayDeleteOrganization(actor, organization);
    const deletedAt = this.ports.clock.now();
    await this.ports.organizations.update({ ...organization, deletedAt });
    return { id, deletedAt };
  }
}
