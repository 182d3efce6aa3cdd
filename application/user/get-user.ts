import type { Actor } from '../../domain/identity/role.ts';
import type { UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';
import { viewUsers } from './user-views.ts';

/** One user of the caller's organization (any organization's for an ADMIN). */
export class GetUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<UserView> {
    const user = await this.ports.users.require(adminScope(actor), id);
    const [view] = await viewUsers(this.ports, [user]);
    return view;
  }
}
