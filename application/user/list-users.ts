import type { Actor } from '../../domain/identity/role.ts';
import type { User, UserView } from '../../domain/identity/user.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { adminScope } from '../shared/scope.ts';
import { viewUsers } from './user-views.ts';

export interface UserFilter extends Page<User> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly emails?: readonly string[];
  readonly roles?: readonly string[];
  readonly organizationId?: string;
}

/** Users of the caller's organization; an ADMIN may list another organization's with `organizationId`. */
export class ListUsers {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'clock'>) {}

  async execute(actor: Actor, filter: UserFilter): Promise<UserView[]> {
    const organizationId =
      actor.role === 'ADMIN' ? (filter.organizationId ?? actor.organizationId) : actor.organizationId;
    const users = await this.ports.users.list(adminScope(actor), {
      where: [
        ...where.eq('organizationId', organizationId),
        ...where.in('id', filter.ids),
        ...where.named(filter),
        ...where.in(
          'email',
          filter.emails?.map((email) => email.toLowerCase()),
        ),
        ...where.in('role', filter.roles),
      ],
      ...filter,
    });
    return viewUsers(this.ports, users);
  }
}
