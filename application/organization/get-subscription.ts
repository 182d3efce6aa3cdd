import type { Actor } from '../../domain/identity/role.ts';
import { freeSubscription, type Subscription } from '../../domain/organization/subscription.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** The subscription of the caller's organization (any for an ADMIN); FREE when none was recorded. */
export class GetSubscription {
  constructor(private readonly ports: Pick<Ports, 'organizations' | 'subscriptions'>) {}

  async execute(actor: Actor, organizationId: string): Promise<Subscription> {
    const organization = await this.ports.organizations.require(adminScope(actor), organizationId);
    const stored = await this.ports.subscriptions.get(organization.id, organization.id);
    return stored ?? freeSubscription(organization.id, organization.createdAt);
  }
}
