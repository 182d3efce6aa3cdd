import type { LinkedMetric, Metric } from '../../domain/catalog/metric.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
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
export class ListMetrics extends FilteredList<Metric, MetricFilter, LinkedMetric> {
  constructor(ports: Pick<Ports, 'metrics' | 'userGroupLinks'>) {
    super(
      ports.metrics,
      (filter) => [
        ...(filter.includeLegacy === false ? where.isNull('legacyAt') : []),
        ...where.in('id', filter.ids),
        ...where.named(filter),
        ...where.in('source', filter.sources),
        ...where.in('metricGroupId', filter.metricGroupIds),
      ],
      (metrics, scope) => withUserGroupIds(ports, scope, metrics),
    );
  }
}
