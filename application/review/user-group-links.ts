import {
  createUserGroupLink,
  type LinkTarget,
  membersByGroup,
  unlinkedTargets,
  type UserGroupLink,
} from '../../domain/review/user-group-link.ts';
import type { LinkedUserGroup, UserGroup } from '../../domain/review/user-group.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { chunks } from '../shared/list-in.ts';

type Links = Pick<Ports, 'userGroupLinks'>;

const ALL = 1_000_000;

interface LinkQuery {
  /** The field whose value is one of `ids`. */
  readonly field: 'userGroupId' | 'targetId';
  readonly ids: readonly string[];
  readonly kind?: LinkTarget;
  readonly groupId?: string;
}

/** Live links meeting the query, oldest first, 1000 ids per statement. */
async function linksWhere(ports: Links, scope: string, query: LinkQuery): Promise<UserGroupLink[]> {
  const pages = await Promise.all(
    chunks([...new Set(query.ids)]).map((part) =>
      ports.userGroupLinks.list(scope, {
        where: [
          ...where.in(query.field, part),
          ...where.eq('targetKind', query.kind),
          ...where.eq('userGroupId', query.groupId),
        ],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: ALL,
      }),
    ),
  );
  return pages.flat();
}

/** The groups with the ids of their users, metrics and products: one query for all their links. */
export async function linkedUserGroups(
  ports: Links,
  scope: string,
  groups: readonly UserGroup[],
): Promise<LinkedUserGroup[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const members = membersByGroup(ids, await linksWhere(ports, scope, { field: 'userGroupId', ids }));
  return groups.map((group) => ({ ...group, ...members.get(group.id)! }));
}

/** For each target of one kind, the ids of the live groups linking it: one query, read from the other side. */
export async function groupIdsLinkedTo(
  ports: Links,
  scope: string,
  kind: LinkTarget,
  targetIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byTarget = new Map(targetIds.map((id) => [id, [] as string[]]));
  if (targetIds.length === 0) return byTarget;
  for (const link of await linksWhere(ports, scope, { field: 'targetId', ids: targetIds, kind }))
    byTarget.get(link.targetId)?.push(link.userGroupId);
  return byTarget;
}

/** Links the group to the targets it does not link yet (one statement); linking again changes nothing. */
export async function addLinks(
  ports: Links & Pick<Ports, 'ids'>,
  group: Pick<UserGroup, 'id' | 'organizationId'>,
  kind: LinkTarget,
  targetIds: readonly string[],
  now: string,
): Promise<void> {
  const scope = group.organizationId;
  const existing = await linksWhere(ports, scope, { field: 'targetId', ids: targetIds, kind, groupId: group.id });
  const links = unlinkedTargets(existing, targetIds).map((targetId) =>
    createUserGroupLink(
      { userGroupId: group.id, targetKind: kind, targetId },
      { id: ports.ids.next('userGroupLink'), organizationId: scope, now },
    ),
  );
  await ports.userGroupLinks.insertMany(links);
}

/** Removes the group's links to the targets (one statement); a target not linked is no change. */
export async function removeLinks(
  ports: Links,
  group: Pick<UserGroup, 'id' | 'organizationId'>,
  kind: LinkTarget,
  targetIds: readonly string[],
  now: string,
): Promise<void> {
  for (const part of chunks([...new Set(targetIds)])) {
    await ports.userGroupLinks.softDeleteWhere(
      group.organizationId,
      [...where.eq('userGroupId', group.id), ...where.eq('targetKind', kind), ...where.in('targetId', part)],
      now,
    );
  }
}

/** A deleted user, metric or product leaves every group that linked it (one statement). */
export async function unlinkFromAllGroups(
  ports: Links,
  scope: string,
  kind: LinkTarget,
  targetId: string,
  now: string,
): Promise<void> {
  await ports.userGroupLinks.softDeleteWhere(
    scope,
    [...where.eq('targetKind', kind), ...where.eq('targetId', targetId)],
    now,
  );
}

/** Each id must name a live user, metric or product of the organization: NotFound names the first that does not. */
export async function requireTargets(
  ports: Pick<Ports, 'users' | 'metrics' | 'products'>,
  scope: string,
  kind: LinkTarget,
  ids: readonly string[],
): Promise<void> {
  const stores = { user: ports.users, metric: ports.metrics, product: ports.products };
  await stores[kind].requireMany(scope, ids);
}
