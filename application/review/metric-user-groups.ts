import type { LinkedMetric, Metric } from '../../domain/catalog/metric.ts';
import type { Ports } from '../ports/ports.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { assertMayLinkNewMetric, createUserGroupLink } from '../../domain/review/user-group-link.ts';
import { groupIdsLinkedTo } from './user-group-links.ts';

/** Metrics with the ids of the groups linked to them: one query for the whole page, read from the links. */
export async function withUserGroupIds(
  ports: Pick<Ports, 'userGroupLinks'>,
  scope: string,
  metrics: readonly Metric[],
): Promise<LinkedMetric[]> {
  const groupIds = await groupIdsLinkedTo(
    ports,
    scope,
    'metric',
    metrics.map((metric) => metric.id),
  );
  return metrics.map((metric) => ({ ...metric, userGroupIds: groupIds.get(metric.id) ?? [] }));
}

/** The ids of the groups the caller belongs to: one query, and none for an OWNER or ADMIN, who may link any. */
async function callerGroupIds(ports: Pick<Ports, 'userGroupLinks'>, actor: Actor): Promise<string[]> {
  if (actor.role !== 'MEMBER') return [];
  return (await groupIdsLinkedTo(ports, actor.organizationId, 'user', [actor.userId])).get(actor.userId) ?? [];
}

/**
 * Links a new metric to the groups it names, which must be live groups of the organization (NotFound names the first
 * that is not) the caller may link it to (Forbidden); a revision that names none keeps its parent's groups.
 */
export async function linkNewMetric(
  ports: Pick<Ports, 'userGroups' | 'userGroupLinks' | 'ids'>,
  actor: Actor,
  metric: Metric,
  { userGroupIds, parent }: { userGroupIds: readonly string[] | undefined; parent: Metric | null },
): Promise<LinkedMetric> {
  const scope = metric.organizationId;
  const inherited = parent ? ((await groupIdsLinkedTo(ports, scope, 'metric', [parent.id])).get(parent.id) ?? []) : [];
  const groupIds = [...new Set(userGroupIds ?? inherited)];
  await ports.userGroups.requireMany(scope, groupIds);
  assertMayLinkNewMetric(actor, {
    groupIds,
    callerGroupIds: await callerGroupIds(ports, actor),
    parentGroupIds: parent ? inherited : null,
  });
  await ports.userGroupLinks.insertMany(
    groupIds.map((userGroupId) =>
      createUserGroupLink(
        { userGroupId, targetKind: 'metric', targetId: metric.id },
        { id: ports.ids.next('userGroupLink'), organizationId: scope, now: metric.createdAt },
      ),
    ),
  );
  return { ...metric, userGroupIds: groupIds };
}
