import { Unauthorized } from '../../domain/errors.ts';
import { isUsable, secretOfKey } from '../../domain/identity/api-key.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Resolves a presented API key (either spelling) to its Actor; revoked keys and deleted users or organizations fail. */
export class Authenticate {
  constructor(private readonly ports: Pick<Ports, 'apiKeys' | 'secrets'>) {}

  async execute(presented: string): Promise<Actor> {
    const secret = secretOfKey(presented);
    if (secret === null) throw new Unauthorized('Malformed API key');
    const found = await this.ports.apiKeys.findHolder(this.ports.secrets.hash(secret));
    if (!found || !isUsable(found.key) || !this.ports.secrets.matches(secret, found.key.secretHash))
      throw new Unauthorized('Unknown or revoked API key');
    const { key, user, organizationLive } = found;
    if (!user || !organizationLive) throw new Unauthorized('The key holder no longer exists');
    return { userId: user.id, organizationId: user.organizationId, role: user.role, apiKeyId: key.id };
  }
}
