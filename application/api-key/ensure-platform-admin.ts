import { secretOfKey } from '../../domain/identity/api-key.ts';
import { createUser, type User } from '../../domain/identity/user.ts';
import { InvalidInput } from '../../domain/errors.ts';
import { createOrganization } from '../../domain/organization/organization.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { issueApiKey } from './issue-api-key.ts';

export interface FirstStart {
  readonly organizationId: string;
  readonly user: User;
  /** The plain key, present only when this call created it. */
  readonly key: string;
}

/**
 * On an empty database, creates the platform organization, its ADMIN and a first API key (the preset
 * one when given). Returns null when the platform already has organizations.
 */
export class EnsurePlatformAdmin {
  constructor(
    private readonly ports: Pick<
      Ports,
      'organizations' | 'subscriptions' | 'users' | 'apiKeys' | 'secrets' | 'ids' | 'clock' | 'uow'
    >,
    private readonly settings: Pick<Settings, 'newOrganizationCredits'>,
  ) {}

  async execute(options: { presetKey?: string; email?: string } = {}): Promise<FirstStart | null> {
    const presetSecret = options.presetKey === undefined ? undefined : secretOfKey(options.presetKey);
    if (presetSecret === null)
      throw InvalidInput.of('ASSAY_ADMIN_API_KEY', 'must look like assay_<32 to 128 letters or digits>');
    return this.ports.uow.transaction(async () => {
      if ((await this.ports.organizations.count(null, {})) > 0) return null;
      const now = this.ports.clock.now();
      const organization = await this.ports.organizations.insert(
        createOrganization(
          { name: 'Platform', remainingSubscriptionCredits: this.settings.newOrganizationCredits },
          { id: this.ports.ids.next('organization'), now },
        ),
      );
      const userId = this.ports.ids.next('user');
      const bootstrapActor = { userId, organizationId: organization.id, role: 'ADMIN' as const, apiKeyId: null };
      const user = await this.ports.users.insert(
        createUser(
          bootstrapActor,
          { email: options.email ?? 'admin@assay.local', name: 'Platform admin', role: 'ADMIN' },
          { id: userId, organizationId: organization.id, now },
        ),
      );
      const issued = await issueApiKey(this.ports, user, { name: 'first admin key', presetSecret });
      return { organizationId: organization.id, user, key: issued.key };
    });
  }
}
