import { Unauthorized } from '../../domain/errors.ts';
import { isUsable, secretOfKey } from '../../domain/identity/api-key.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Resolves a presented API key (either spelling) to its Actor; revoked keys and deleted users or organizations fail. */
export class Authenticate {
  constructor(private readonly ports: Pick<Ports, 'apiKeys' | 'users' | 'organizations' | 'secrets'>) {}

  async execute(presented: string): Promise<Actor> {
    const secret = secretOfKey(presented);
    if (secret === null) throw new Unauthorized('Malformed API key');
    const hash = this.ports.secrets.hash(secret);
    const [key] = await this.ports.apiKeys.list(null, {
      where: [{ field: 'secretHash', op: 'eq', value: hash }],
      limit: 1,
    });
    if (!key || !isUsable(key) || !this.ports.secrets.matches(secret, key.secretHash))
      throw new Unauthorized('Unknown or revoked API key');
    const user = await this.ports.users.get(key.organizationId, key.userId);
    const organization = user && (await this.ports.organizations.get(user.organizationId, user.organizationId));
    if (!user || !organization) throw new Unauthorized('The key holder no longer exists');
    return { userId: user.id, organizationId: user.organizationId, role: user.role, apiKeyId: key.id };
  }
}
