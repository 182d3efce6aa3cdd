import { Forbidden } from '../../domain/errors.ts';
import { passwordChangeNeedsCurrent, validatePassword } from '../../domain/identity/password.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { adminScope } from '../shared/scope.ts';

/** Sets a user's password (hashed); by the user itself, an OWNER of its organization, or an ADMIN. */
export class SetPassword {
  constructor(private readonly ports: Pick<Ports, 'users' | 'passwords'>) {}

  async execute(actor: Actor, userId: string, input: { password: string; currentPassword?: string }): Promise<void> {
    const user = await this.ports.users.require(adminScope(actor), userId);
    validatePassword(input.password);
    if (passwordChangeNeedsCurrent(actor, user, input.currentPassword)) {
      const matches = await this.ports.passwords.verify(input.currentPassword ?? '', user.passwordHash ?? '');
      if (!matches) throw new Forbidden('currentPassword does not match the password set');
    }
    await this.ports.users.update({ ...user, passwordHash: await this.ports.passwords.hash(input.password) });
  }
}
