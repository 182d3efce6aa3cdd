import { Forbidden, InvalidInput } from '../errors.ts';
import type { Actor } from './role.ts';
import { mayManageKeysOf, type User } from './user.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** At least 12 characters (and at most 256, to bound hashing work). */
export function validatePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw InvalidInput.of('password', `must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw InvalidInput.of('password', `must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

/**
 * Who sets a password: the user itself (proving the current one once a password is set), an OWNER of its
 * organization, or an ADMIN. Answers whether the current password must be checked.
 */
export function passwordChangeNeedsCurrent(actor: Actor, user: User, currentPassword: string | undefined): boolean {
  if (!mayManageKeysOf(actor, user)) throw new Forbidden('You may set passwords only for yourself or users you manage');
  const self = actor.userId === user.id;
  if (!self || user.passwordHash === null) return false;
  if (currentPassword === undefined)
    throw InvalidInput.of('currentPassword', 'is required to change your own password once one is set');
  return true;
}

/** The one answer to a wrong e-mail or password, so neither tells which was wrong. */
export const WRONG_CREDENTIALS = 'Wrong e-mail or password';
