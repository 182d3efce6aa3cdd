import { Forbidden } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import type { Creation } from '../shared/record.ts';

/** What a user group links: its reviewers, the metrics they score, the products they cover. */
export const LINK_TARGETS = ['user', 'metric', 'product'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/**
 * One link of a user group to a user, a metric or a product: the only record of it, read from the group
 * (`metricIds`) and from the other side (a metric's `userGroupIds`) alike. Unlinking soft-deletes it, and so does
 * deleting either end.
 */
export interface UserGroupLink {
  readonly id: string;
  readonly organizationId: string;
  readonly userGroupId: string;
  readonly targetKind: LinkTarget;
  readonly targetId: string;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

/** The linked ids of one group, each list in the order the links were made. */
export interface UserGroupMembers {
  readonly userIds: readonly string[];
  readonly metricIds: readonly string[];
  readonly productIds: readonly string[];
}

/** The field of a group's members that lists each kind of target. */
export const MEMBERS_FIELD = {
  user: 'userIds',
  metric: 'metricIds',
  product: 'productIds',
} as const satisfies Record<LinkTarget, keyof UserGroupMembers>;

export const createUserGroupLink = (
  link: Pick<UserGroupLink, 'userGroupId' | 'targetKind' | 'targetId'>,
  { id, organizationId, now }: Creation,
): UserGroupLink => ({ id, organizationId, ...link, createdAt: now, deletedAt: null });

/** The members of each group among `groupIds`, read from their live links. */
export function membersByGroup(
  groupIds: readonly string[],
  links: readonly UserGroupLink[],
): Map<string, UserGroupMembers> {
  const ordered = [...links].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return new Map(
    groupIds.map((groupId) => {
      const mine = ordered.filter((link) => link.userGroupId === groupId);
      const idsOf = (kind: LinkTarget) => mine.filter((link) => link.targetKind === kind).map((link) => link.targetId);
      return [groupId, { userIds: idsOf('user'), metricIds: idsOf('metric'), productIds: idsOf('product') }];
    }),
  );
}

/** The ids among `targetIds` the group does not link yet (each once): linking again changes nothing. */
export function unlinkedTargets(existing: readonly UserGroupLink[], targetIds: readonly string[]): string[] {
  const linked = new Set(existing.map((link) => link.targetId));
  return [...new Set(targetIds)].filter((id) => !linked.has(id));
}

/**
 * Who changes a group's links: OWNER and ADMIN only. A link to a metric grants the group's reviewers the metric's
 * evaluations (their guideline, sessions and scores), so a MEMBER linking one would grant themselves review rights.
 */
export function assertMayChangeLinks(actor: Actor, target: LinkTarget): void {
  if (actor.role !== 'MEMBER') return;
  throw new Forbidden(`Only an OWNER or ADMIN may change a user group's ${MEMBERS_FIELD[target]}`);
}

/** The groups a new metric is linked to, and what decides whether a MEMBER may name them. */
export interface NewMetricLinks {
  /** The groups the metric is to be linked to. */
  readonly groupIds: readonly string[];
  /** The groups the caller belongs to. */
  readonly callerGroupIds: readonly string[];
  /** For a revision, the groups linking its parent; null for a new metric. */
  readonly parentGroupIds: readonly string[] | null;
}

/**
 * Who links a metric to groups as they create it: OWNER and ADMIN any groups. A MEMBER links a metric of their own
 * only to groups they belong to, and a revision only to groups that linked its parent, so creating a metric never
 * grants anyone review rights on someone else's metric.
 */
export function assertMayLinkNewMetric(
  actor: Actor,
  { groupIds, callerGroupIds, parentGroupIds }: NewMetricLinks,
): void {
  if (actor.role !== 'MEMBER') return;
  const allowed = new Set(parentGroupIds ?? callerGroupIds);
  const refused = groupIds.find((id) => !allowed.has(id));
  if (refused === undefined) return;
  throw new Forbidden(
    parentGroupIds
      ? `A MEMBER's revision may be linked only to user groups that linked its parent; ${refused} did not`
      : `A MEMBER may link a new metric only to user groups they belong to; they are not in ${refused}`,
  );
}
