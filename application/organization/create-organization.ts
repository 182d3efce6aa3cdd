import type { Actor } from '../../domain/identity/role.ts';
import {
  assertMayCreateOrganization,
  createOrganization,
  type Organization,
  type OrganizationChanges,
} from '../../domain/organization/organization.ts';
import { freeSubscription } from '../../domain/organization/subscription.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** An ADMIN creates a tenant organization, which starts on the FREE plan with the configured credits. */
export class CreateOrganization {
  constructor(
    private readonly ports: Pick<Ports, 'organizations' | 'subscriptions' | 'ids' | 'clock' | 'uow'>,
    private readonly settings: Pick<Settings, 'newOrganizationCredits'>,
  ) {}

  async execute(actor: Actor, input: OrganizationChanges & { name: string }): Promise<Organization> {
    assertMayCreateOrganization(actor);
    const now = this.ports.clock.now();
    const credits =
      input.remainingSubscriptionCredits === undefined
        ? this.settings.newOrganizationCredits
        : input.remainingSubscriptionCredits;
    const organization = createOrganization(
      { ...input, remainingSubscriptionCredits: credits },
      { id: this.ports.ids.next('organization'), now },
    );
    return this.ports.uow.transaction(async () => {
      const created = await this.ports.organizations.insert(organization);
      await this.ports.subscriptions.insert(freeSubscription(created.id, now));
      return created;
    });
  }
}
