import type { Metric } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';

export interface MetricFilter extends Page {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly sources?: readonly string[];
  readonly metricGroupIds?: readonly string[];
  /** Superseded revisions are listed unless false (default true). */
  readonly includeLegacy?: boolean;
}

/** The organization's metrics, every revision unless `includeLegacy` is false. */
export class ListMetrics {
  constructor(private readonly ports: Pick<Ports, 'metrics'>) {}

  execute(actor: Actor, filter: MetricFilter): Promise<Metric[]> {
    const heads = filter.includeLegacy === false ? [{ field: 'legacyAt', op: 'isNull' as const }] : [];
    return this.ports.metrics.list(actor.organizationId, {
      where: [
        ...heads,
        ...where.in('id', filter.ids),
        ...where.eq('name', filter.name),
        ...where.in('source', filter.sources),
        ...where.in('metricGroupId', filter.metricGroupIds),
      ],
      ...filter,
    });
  }
}
