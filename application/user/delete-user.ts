import type { Actor } from '../../domain/identity/role.ts';
import { assertMayDeleteUser } from '../../domain/identity/user.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';
import { unlinkFromAllGroups } from '../review/user-group-links.ts';

/** A manager soft-deletes a user; the user's keys stop authenticating at once, and the user leaves its groups. */
export class DeleteUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'userGroupLinks' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const user = await this.ports.users.require(adminScope(actor), id);
    assertMayDeleteUser(actor, user);
    const deletedAt = this.ports.clock.now();
    await this.ports.uow.transaction(async () => {
      await unlinkFromAllGroups(this.ports, user.organizationId, 'user', id, deletedAt);
      await this.ports.users.update({ ...user, deletedAt });
    });
    return { id, deletedAt };
  }
}
