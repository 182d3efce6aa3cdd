import { Forbidden, Unauthorized } from '../../domain/errors.ts';
import { subscriptionBlock } from '../../domain/organization/subscription.ts';
import { isUsable, secretOfKey } from '../../domain/identity/api-key.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Resolves a presented API key (either spelling) to its Actor; revoked or expired keys and deleted users or organizations fail (401); a suspended or ended subscription, 403. */
export class Authenticate {
  constructor(private readonly ports: Pick<Ports, 'apiKeys' | 'secrets' | 'clock'>) {}

  async execute(presented: string): Promise<Actor> {
    const secret = secretOfKey(presented);
    if (secret === null) throw new Unauthorized('Malformed API key');
    const found = await this.ports.apiKeys.findHolder(this.ports.secrets.hash(secret));
    if (
      !found ||
      !isUsable(found.key, this.ports.clock.now()) ||
      !this.ports.secrets.matches(secret, found.key.secretHash)
    )
      throw new Unauthorized('Unknown, revoked or expired API key');
    const { key, user, organizationLive, subscriptionStatus } = found;
    if (!user || !organizationLive) throw new Unauthorized('The key holder no longer exists');
    const blocked = user.role === 'ADMIN' ? null : subscriptionBlock({ status: subscriptionStatus ?? 'ACTIVE' });
    if (blocked) throw new Forbidden(blocked);
    return { userId: user.id, organizationId: user.organizationId, role: user.role, apiKeyId: key.id };
  }
}
