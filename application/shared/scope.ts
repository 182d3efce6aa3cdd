import type { Actor } from '../../domain/identity/role.ts';

/** The organizations a route that admits cross-organization access may reach: all for an ADMIN. */
export const adminScope = (actor: Actor): string | null => (actor.role === 'ADMIN' ? null : actor.organizationId);
