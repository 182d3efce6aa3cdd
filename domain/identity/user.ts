import { Forbidden, IssueCollector } from '../errors.ts';
import type { Creation } from '../shared/record.ts';
import type { Actor, Role } from './role.ts';

export const MFA_SOURCES = ['EMAIL'] as const;
export type MfaSource = (typeof MFA_SOURCES)[number];

export interface User {
  readonly id: string;
  readonly organizationId: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly passwordHash: string | null;
  readonly providerAId: string | null;
  readonly providerBId: string | null;
  readonly providerCId: string | null;
  readonly samlId: string | null;
  readonly analyticsConsent: boolean | null;
  readonly marketingConsent: boolean;
  readonly mfaSource: MfaSource | null;
  readonly firstSignInAt: string | null;
  readonly latestSignInAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewUser {
  readonly email: string;
  readonly name: string;
  readonly role: Role;
}

export type UserChanges = Partial<
  Pick<User, 'name' | 'email' | 'role' | 'analyticsConsent' | 'marketingConsent' | 'mfaSource'>
>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function validate(changes: UserChanges): void {
  const issues = new IssueCollector();
  if (changes.email !== undefined) issues.check(EMAIL.test(changes.email), 'email', 'must be an e-mail address');
  if (changes.name !== undefined) issues.check(changes.name.trim().length > 0, 'name', 'must not be empty');
  issues.throwIfAny();
}

/** Only an ADMIN hands out ADMIN; an OWNER manages OWNERs and MEMBERs of its own organization. */
function assertMayGrant(actor: Actor, role: Role): void {
  if (actor.role === 'MEMBER') throw new Forbidden('Members cannot manage users');
  if (role === 'ADMIN' && actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may grant the ADMIN role');
}

export function createUser(actor: Actor, input: NewUser, { id, organizationId, now }: Creation): User {
  assertMayGrant(actor, input.role);
  validate(input);
  return {
    id,
    organizationId,
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    passwordHash: null,
    providerAId: null,
    providerBId: null,
    providerCId: null,
    samlId: null,
    analyticsConsent: null,
    marketingConsent: false,
    mfaSource: null,
    firstSignInAt: null,
    latestSignInAt: null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

/** What the user's organization requires of every profile change. */
export interface UserPolicy {
  /** The organization enforces multi-factor authentication: nobody turns off their own. */
  readonly enforceMfa: boolean;
}

/**
 * A user edits its own profile and consents; role and e-mail changes need a manager. While the organization enforces
 * MFA, a user may not clear its own `mfaSource` (403; an OWNER turns enforcement off first); a manager may clear another
 * user's (a reset, after which the user sets it again).
 */
export function updateUser(
  actor: Actor,
  user: User,
  changes: UserChanges,
  policy: UserPolicy = { enforceMfa: false },
): User {
  const self = actor.userId === user.id;
  if (self && policy.enforceMfa && changes.mfaSource === null && user.mfaSource !== null)
    throw new Forbidden('Your organization enforces multi-factor authentication: mfaSource cannot be cleared');
  const managed = changes.role !== undefined || changes.email !== undefined || !self;
  if (managed) assertMayGrant(actor, changes.role ?? user.role);
  if (user.role === 'ADMIN' && actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may change an ADMIN');
  if (self && changes.role !== undefined && changes.role !== user.role)
    throw new Forbidden('Users cannot change their own role');
  validate(changes);
  return {
    ...user,
    ...changes,
    email: changes.email?.trim().toLowerCase() ?? user.email,
    name: changes.name?.trim() ?? user.name,
  };
}

export function assertMayDeleteUser(actor: Actor, user: User): void {
  if (actor.role === 'MEMBER') throw new Forbidden('Members cannot delete users');
  if (user.role === 'ADMIN' && actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may delete an ADMIN');
  if (user.id === actor.userId) throw new Forbidden('Users cannot delete themselves');
}

/** May the actor issue, list or revoke API keys of this user? Itself always, others as their manager. */
export function mayManageKeysOf(actor: Actor, user: User): boolean {
  if (actor.userId === user.id) return true;
  if (actor.role === 'ADMIN') return true;
  return actor.role === 'OWNER' && user.organizationId === actor.organizationId && user.role !== 'ADMIN';
}

/** The spec's User shape: the sign-in secrets and provider ids become `has…` flags; the version stays internal. */
export type UserView = Omit<
  User,
  'passwordHash' | 'providerAId' | 'providerBId' | 'providerCId' | 'samlId' | 'version'
> & {
  readonly hasPassword: boolean;
  readonly hasProviderAId: boolean;
  readonly hasProviderBId: boolean;
  readonly hasProviderCId: boolean;
  readonly hasSamlId: boolean;
  readonly hasApiKey: boolean;
};

export function describeUser(user: User, hasApiKey: boolean): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    hasPassword: user.passwordHash !== null,
    hasProviderAId: user.providerAId !== null,
    hasProviderBId: user.providerBId !== null,
    hasProviderCId: user.providerCId !== null,
    hasSamlId: user.samlId !== null,
    hasApiKey,
    analyticsConsent: user.analyticsConsent,
    marketingConsent: user.marketingConsent,
    mfaSource: user.mfaSource,
    firstSignInAt: user.firstSignInAt,
    latestSignInAt: user.latestSignInAt,
    createdAt: user.createdAt,
    deletedAt: user.deletedAt,
  };
}
