import type { LinkedMetric, Metric } from '../../domain/catalog/metric.ts';
import type { Ports } from '../ports/ports.ts';
import { createUserGroupLink } from '../../domain/review/user-group-link.ts';
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

/**
 * Links a new metric to the groups it names, which must be live groups of the organization (NotFound names the first
 * that is not); a revision that names none keeps its parent's groups.
 */
export async function linkNewMetric(
  ports: Pick<Ports, 'userGroups' | 'userGroupLinks' | 'ids'>,
  metric: Metric,
  { userGroupIds, parent }: { userGroupIds: readonly string[] | undefined; parent: Metric | null },
): Promise<LinkedMetric> {
  const scope = metric.organizationId;
  const inherited = parent ? ((await groupIdsLinkedTo(ports, scope, 'metric', [parent.id])).get(parent.id) ?? []) : [];
  const groupIds = [...new Set(userGroupIds ?? inherited)];
  await ports.userGroups.requireMany(scope, groupIds);
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
