import type { Actor } from '../../domain/identity/role.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import type { MonitorStatus } from '../../domain/monitor/monitor-status.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';

export interface MonitorFilter extends Page<Monitor> {
  readonly ids?: readonly string[];
  readonly productIds?: readonly string[];
  readonly versionIds?: readonly string[];
  readonly statuses?: readonly MonitorStatus[];
  readonly name?: string;
  readonly names?: readonly string[];
}

/** GET /monitors: the organization's monitors meeting every filter, one page. */
export class ListMonitors {
  constructor(private readonly ports: Pick<Ports, 'monitors'>) {}

  execute(actor: Actor, filter: MonitorFilter): Promise<Monitor[]> {
    return this.ports.monitors.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...where.in('productId', filter.productIds),
        ...where.in('versionId', filter.versionIds),
        ...where.in('status', filter.statuses),
        ...where.named(filter),
      ],
      sort: filter.sort,
      limit: filter.limit,
      offset: filter.offset,
      after: filter.after,
    });
  }
}
