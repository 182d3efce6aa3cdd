import type { Actor } from '../../domain/identity/role.ts';
import type { LinkedUserGroup } from '../../domain/review/user-group.ts';
import type { Ports } from '../ports/ports.ts';
import { linkedUserGroups } from './user-group-links.ts';

/** One user group of the organization with its links. */
export class GetUserGroup {
  constructor(private readonly ports: Pick<Ports, 'userGroups' | 'userGroupLinks'>) {}

  async execute(actor: Actor, id: string): Promise<LinkedUserGroup> {
    const group = await this.ports.userGroups.require(actor.organizationId, id);
    const [linked] = await linkedUserGroups(this.ports, actor.organizationId, [group]);
    return linked;
  }
}
