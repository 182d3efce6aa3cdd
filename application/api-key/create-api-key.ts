import { Forbidden } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { mayManageKeysOf } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';
import type { ApiKeyView } from './api-key-view.ts';
import { issueApiKey } from './issue-api-key.ts';

/** A user creates a key for itself; an OWNER or ADMIN for a user it manages. */
export class CreateApiKey {
  constructor(private readonly ports: Pick<Ports, 'apiKeys' | 'users' | 'secrets' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: { userId?: string; name: string }): Promise<ApiKeyView & { key: string }> {
    const user = await this.ports.users.require(adminScope(actor), input.userId ?? actor.userId);
    if (!mayManageKeysOf(actor, user)) throw new Forbidden('You may create keys only for yourself or users you manage');
    return issueApiKey(this.ports, user, { name: input.name });
  }
}
