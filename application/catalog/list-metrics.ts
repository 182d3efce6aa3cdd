import type { LinkedMetric, Metric } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { withUserGroupIds } from '../review/metric-user-groups.ts';

export interface MetricFilter extends Page<Metric> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly sources?: readonly string[];
  readonly metricGroupIds?: readonly string[];
  /** Superseded revisions are listed unless false (default true). */
  readonly includeLegacy?: boolean;
}

/** The organization's metrics, every revision unless `includeLegacy` is false. */
export class ListMetrics {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'userGroupLinks'>) {}

  async execute(actor: Actor, filter: MetricFilter): Promise<LinkedMetric[]> {
    const heads = filter.includeLegacy === false ? where.isNull('legacyAt') : [];
    const metrics = await this.ports.metrics.list(actor.organizationId, {
      where: [
        ...heads,
        ...where.in('id', filter.ids),
        ...where.named(filter),
        ...where.in('source', filter.sources),
        ...where.in('metricGroupId', filter.metricGroupIds),
      ],
      ...filter,
    });
    return withUserGroupIds(this.ports, actor.organizationId, metrics);
  }
}
