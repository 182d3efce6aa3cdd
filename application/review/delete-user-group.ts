import type { Actor } from '../../domain/identity/role.ts';
import { assertMayManageGroups } from '../../domain/review/user-group.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** An OWNER or ADMIN soft-deletes a group and its links together; its reviewers lose what it granted. */
export class DeleteUserGroup {
  constructor(private readonly ports: Pick<Ports, 'userGroups' | 'userGroupLinks' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    assertMayManageGroups(actor);
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await this.ports.uow.transaction(async () => {
      const group = await this.ports.userGroups.require(scope, id);
      await this.ports.userGroupLinks.softDeleteWhere(scope, where.eq('userGroupId', id), deletedAt);
      await this.ports.userGroups.update({ ...group, deletedAt });
    });
    return { id, deletedAt };
  }
}
