import type { Actor } from '../../domain/identity/role.ts';
import { createUser, type NewUser, type UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';
import { assertEmailFree, withEmailClash } from './email-taken.ts';
import { viewUsers } from './user-views.ts';

/** A manager adds a user: an OWNER to its own organization, an ADMIN to any. E-mails are unique. */
export class CreateUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'organizations' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewUser & { organizationId?: string }): Promise<UserView> {
    const organizationId = input.organizationId ?? actor.organizationId;
    await this.ports.organizations.require(adminScope(actor), organizationId);
    const user = createUser(actor, input, {
      id: this.ports.ids.next('user'),
      organizationId,
      now: this.ports.clock.now(),
    });
    await assertEmailFree(this.ports, user.email);
    const [view] = await viewUsers(this.ports, [await withEmailClash(() => this.ports.users.insert(user))]);
    return view;
  }
}
