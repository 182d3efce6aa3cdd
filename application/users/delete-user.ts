import type { Actor } from '../../domain/identity/role.ts';
import { assertMayDeleteUser } from '../../domain/identity/user.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { adminScope } from '../shared/scope.ts';

/** A manager soft-deletes a user; the user's keys stop authenticating at once. */
export class DeleteUser {
  constructor(private readonly ports: Pick<Ports, 'users' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const user = await requireRecord(this.ports.users, adminScope(actor), id, 'User');
    assertMayDeleteUser(actor, user);
    const deletedAt = this.ports.clock.now();
    await this.ports.users.update({ ...user, deletedAt });
    return { id, deletedAt };
  }
}
