import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { checkName, checkStrings, checkText, patch } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';
import type { UserGroupMembers } from './user-group-link.ts';

/**
 * Reviewers who score the evaluations of some metrics on some products. Its users, metrics and products are links
 * (user-group-link.ts), the one record of each link whichever side reads it. `allProducts` covers every product of
 * the organization, linked or not. Names are unique among the organization's live groups.
 */
export interface UserGroup {
  readonly id: string;
  readonly organizationId: string;
  readonly name: string;
  readonly description: string | null;
  readonly allProducts: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** A user group as it is shown: the record with the ids of its linked users, metrics and products. */
export type LinkedUserGroup = UserGroup & UserGroupMembers;

export interface NewUserGroup extends Partial<UserGroupMembers> {
  readonly name: string;
  readonly description?: string | null;
  readonly allProducts?: boolean;
}

export type UserGroupChanges = Partial<Pick<UserGroup, 'name' | 'description' | 'allProducts'>>;

function validate(input: Partial<NewUserGroup>, { creating }: { creating: boolean }): void {
  const issues = new IssueCollector();
  checkName(issues, 'name', input.name, { required: creating });
  checkText(issues, 'description', input.description);
  if (input.allProducts !== undefined)
    issues.check(typeof input.allProducts === 'boolean', 'allProducts', 'must be true or false');
  checkStrings(issues, 'userIds', input.userIds);
  checkStrings(issues, 'metricIds', input.metricIds);
  checkStrings(issues, 'productIds', input.productIds);
  issues.throwIfAny();
}

/** A new group; the ids it names are linked by the caller once each is known to be a live record. */
export function createUserGroup(input: NewUserGroup, { id, organizationId, now }: Creation): UserGroup {
  validate(input, { creating: true });
  return {
    id,
    organizationId,
    name: input.name.trim(),
    description: input.description ?? null,
    allProducts: input.allProducts ?? false,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function changeUserGroup(group: UserGroup, changes: UserGroupChanges, now: string): UserGroup {
  validate(changes, { creating: false });
  return patch(group, { ...changes, name: changes.name?.trim(), updatedAt: now });
}

/** A group's links changed: the group's own record says when. */
export const touchUserGroup = (group: UserGroup, now: string): UserGroup => ({ ...group, updatedAt: now });

/** Creating, changing and deleting groups, and linking their users and products: OWNER and ADMIN only. */
export function assertMayManageGroups(actor: Actor): void {
  if (actor.role === 'MEMBER') throw new Forbidden('Only an OWNER or ADMIN may manage user groups');
}
