import type { Actor } from '../../domain/identity/role.ts';
import type { LinkedUserGroup } from '../../domain/review/user-group.ts';
import { changeUserGroupLinks, type LinkChange, type LinkPorts } from './change-user-group-links.ts';

/** An OWNER or ADMIN removes a group's links to users, metrics or products. */
export class UnlinkUserGroup {
  constructor(private readonly ports: LinkPorts) {}

  execute(actor: Actor, id: string, change: LinkChange): Promise<LinkedUserGroup> {
    return changeUserGroupLinks(this.ports, actor, id, change, { unlinking: true });
  }
}
