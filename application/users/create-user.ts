import { Conflict } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { createUser, type NewUser, type UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { adminScope } from '../shared/scope.ts';
import { viewUsers } from './user-views.ts';

/** A manager adds a user: an OWNER to its own organization, an ADMIN to any. E-mails are unique. */
export class CreateUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'organizations' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewUser & { organizationId?: string }): Promise<UserView> {
    const organizationId = input.organizationId ?? actor.organizationId;
    await requireRecord(this.ports.organizations, adminScope(actor), organizationId, 'Organization');
    const user = createUser(actor, this.ports.ids.next('user'), organizationId, input, this.ports.clock.now());
    const taken = await this.ports.users.count(null, { where: [{ field: 'email', op: 'eq', value: user.email }] });
    if (taken > 0) throw new Conflict(`A user with e-mail ${user.email} already exists`);
    const [view] = await viewUsers(this.ports, [await this.ports.users.insert(user)]);
    return view;
  }
}
