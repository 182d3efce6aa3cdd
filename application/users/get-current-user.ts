import type { Actor } from '../../domain/identity/role.ts';
import type { UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { viewUsers } from './user-views.ts';

/** The user behind the credential. */
export class GetCurrentUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys'>) {}

  async execute(actor: Actor): Promise<UserView> {
    const user = await requireRecord(this.ports.users, actor.organizationId, actor.userId, 'User');
    const [view] = await viewUsers(this.ports, [user]);
    return view;
  }
}
