import type { Actor } from '../../domain/identity/role.ts';
import {
  assertMayManageGroups,
  changeUserGroup,
  type LinkedUserGroup,
  type UserGroupChanges,
} from '../../domain/review/user-group.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { linkedUserGroups } from './user-group-links.ts';

/** An OWNER or ADMIN renames or describes a group, or changes whether it covers all products. */
export class UpdateUserGroup {
  constructor(private readonly ports: Pick<Ports, 'userGroups' | 'userGroupLinks' | 'clock'>) {}

  async execute(actor: Actor, id: string, changes: UserGroupChanges): Promise<LinkedUserGroup> {
    assertMayManageGroups(actor);
    const group = await this.ports.userGroups.require(actor.organizationId, id);
    const next = changeUserGroup(group, changes, this.ports.clock.now());
    const stored = await insertNamed(() => this.ports.userGroups.update(next), { kind: 'user group', name: next.name });
    const [linked] = await linkedUserGroups(this.ports, actor.organizationId, [stored]);
    return linked;
  }
}
