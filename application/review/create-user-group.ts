import type { Actor } from '../../domain/identity/role.ts';
import { LINK_TARGETS, MEMBERS_FIELD } from '../../domain/review/user-group-link.ts';
import {
  assertMayManageGroups,
  createUserGroup,
  type LinkedUserGroup,
  type NewUserGroup,
} from '../../domain/review/user-group.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { addLinks, linkedUserGroups, requireTargets } from './user-group-links.ts';

type Needs = Pick<Ports, 'userGroups' | 'userGroupLinks' | 'users' | 'metrics' | 'products' | 'ids' | 'clock' | 'uow'>;

/** An OWNER or ADMIN adds a group with the users, metrics and products it names, all together or nothing. */
export class CreateUserGroup {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, input: NewUserGroup): Promise<LinkedUserGroup> {
    assertMayManageGroups(actor);
    const scope = actor.organizationId;
    const now = this.ports.clock.now();
    const group = createUserGroup(input, { id: this.ports.ids.next('userGroup'), organizationId: scope, now });
    for (const kind of LINK_TARGETS) await requireTargets(this.ports, scope, kind, input[MEMBERS_FIELD[kind]] ?? []);
    await this.ports.uow.transaction(async () => {
      await insertNamed(() => this.ports.userGroups.insert(group), { kind: 'user group', name: group.name });
      for (const kind of LINK_TARGETS) await addLinks(this.ports, group, kind, input[MEMBERS_FIELD[kind]] ?? [], now);
    });
    const [linked] = await linkedUserGroups(this.ports, scope, [group]);
    return linked;
  }
}
