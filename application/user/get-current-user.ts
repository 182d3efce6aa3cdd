import type { Actor } from '../../domain/identity/role.ts';
import type { UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { viewUsers } from './user-views.ts';

/** The user behind the credential. */
export class GetCurrentUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'clock'>) {}

  async execute(actor: Actor): Promise<UserView> {
    const user = await this.ports.users.require(actor.organizationId, actor.userId);
    const [view] = await viewUsers(this.ports, [user]);
    return view;
  }
}
