import { NotFound } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { mayManageKeysOf } from '../../domain/identity/user.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** Revokes a key at once; only its holder or the holder's manager may, others see 404. */
export class RevokeApiKey {
  constructor(private readonly ports: Pick<Ports, 'apiKeys' | 'users' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const key = await this.ports.apiKeys.require(adminScope(actor), id);
    const holder = await this.ports.users.get(key.organizationId, key.userId, { includeDeleted: true });
    if (!holder || !mayManageKeysOf(actor, holder)) throw NotFound.of('API key', id);
    const now = this.ports.clock.now();
    await this.ports.apiKeys.update({ ...key, revokedAt: now, deletedAt: now });
    return { id, deletedAt: now };
  }
}
