import { DuplicateKey } from '../../domain/errors.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * E-mails are unique across organizations. A clash says only that: the same words whoever holds the address, naming
 * neither the address nor its organization.
 */
export const emailTaken = (): DuplicateKey =>
  new DuplicateKey(['email'], 'A user with this e-mail address already exists');

/** Refuses an e-mail another live user (of any organization) has; `self` may keep its own. */
export async function assertEmailFree(ports: Pick<Ports, 'users'>, email: string, self?: string): Promise<void> {
  const holders = await ports.users.list(null, { where: [{ field: 'email', op: 'eq', value: email }], limit: 2 });
  if (holders.some((holder: User) => holder.id !== self)) throw emailTaken();
}

/** Runs a write, telling a unique-key clash on the e-mail (a concurrent request took it) in the same words. */
export async function withEmailClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateKey && error.fields.includes('email')) throw emailTaken();
    throw error;
  }
}
