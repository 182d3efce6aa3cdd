import type { Actor } from '../../domain/identity/role.ts';
import type { LinkedUserGroup, UserGroup } from '../../domain/review/user-group.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { groupIdsLinkedTo, linkedUserGroups } from './user-group-links.ts';

export interface UserGroupFilter extends Page<UserGroup> {
  readonly ids?: readonly string[];
  /** Part of the name, any case. */
  readonly name?: string;
  readonly names?: readonly string[];
  /** Groups linking any of these users (or metrics, or products). */
  readonly userIds?: readonly string[];
  readonly metricIds?: readonly string[];
  readonly productIds?: readonly string[];
}

/** The organization's user groups with their links, one page; every member may read them. */
export class ListUserGroups {
  constructor(private readonly ports: Pick<Ports, 'userGroups' | 'userGroupLinks'>) {}

  async execute(actor: Actor, filter: UserGroupFilter): Promise<LinkedUserGroup[]> {
    const scope = actor.organizationId;
    const linking = async (kind: 'user' | 'metric' | 'product', ids: readonly string[] | undefined) =>
      ids && [...(await groupIdsLinkedTo(this.ports, scope, kind, ids)).values()].flat();
    const [byUser, byMetric, byProduct] = await Promise.all([
      linking('user', filter.userIds),
      linking('metric', filter.metricIds),
      linking('product', filter.productIds),
    ]);
    const groups = await this.ports.userGroups.list(scope, {
      where: [
        ...where.in('id', filter.ids),
        ...where.named(filter),
        ...where.in('id', byUser),
        ...where.in('id', byMetric),
        ...where.in('id', byProduct),
      ],
      sort: filter.sort,
      limit: filter.limit,
      offset: filter.offset,
      after: filter.after,
    });
    return linkedUserGroups(this.ports, scope, groups);
  }
}
