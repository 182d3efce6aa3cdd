import type { Actor } from '../../domain/identity/role.ts';
import {
  assertMayChangeSubscription,
  changeSubscription,
  freeSubscription,
  type Subscription,
  type SubscriptionChange,
} from '../../domain/organization/subscription.ts';
import type { Ports } from '../ports/ports.ts';

/** An ADMIN sets an organization's plan, status and seats (the marketplace drives it later too). */
export class SetSubscription {
  constructor(private readonly ports: Pick<Ports, 'organizations' | 'subscriptions' | 'clock'>) {}

  async execute(actor: Actor, organizationId: string, change: SubscriptionChange): Promise<Subscription> {
    assertMayChangeSubscription(actor);
    await this.ports.organizations.require(null, organizationId);
    const now = this.ports.clock.now();
    const stored = await this.ports.subscriptions.get(organizationId, organizationId);
    if (!stored)
      return this.ports.subscriptions.insert(changeSubscription(freeSubscription(organizationId, now), change, now));
    return this.ports.subscriptions.update(changeSubscription(stored, change, now));
  }
}
