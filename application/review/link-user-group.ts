import type { Actor } from '../../domain/identity/role.ts';
import type { LinkedUserGroup } from '../../domain/review/user-group.ts';
import { changeUserGroupLinks, type LinkChange, type LinkPorts } from './change-user-group-links.ts';

/** Links a group to users, metrics or products it does not link yet (OWNER and ADMIN). */
export class LinkUserGroup {
  constructor(private readonly ports: LinkPorts) {}

  execute(actor: Actor, id: string, change: LinkChange): Promise<LinkedUserGroup> {
    return changeUserGroupLinks(this.ports, actor, id, change, { unlinking: false });
  }
}
