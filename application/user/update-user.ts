import type { Actor } from '../../domain/identity/role.ts';
import { updateUser, type UserChanges, type UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';
import { assertEmailFree, withEmailClash } from './email-taken.ts';
import { viewUsers } from './user-views.ts';

/** A user edits its own profile; managers edit their organization's users. E-mails stay unique. */
export class UpdateUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'clock' | 'organizations'>) {}

  async execute(actor: Actor, id: string, changes: UserChanges): Promise<UserView> {
    const user = await this.ports.users.require(adminScope(actor), id);
    const organization = await this.ports.organizations.get(user.organizationId, user.organizationId);
    const next = updateUser(actor, user, changes, { enforceMfa: organization?.enforceMfa ?? false });
    if (next.email !== user.email) await assertEmailFree(this.ports, next.email, user.id);
    const [view] = await viewUsers(this.ports, [await withEmailClash(() => this.ports.users.update(next))]);
    return view;
  }
}
