import type { LinkedMetric } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { withUserGroupIds } from '../review/metric-user-groups.ts';

/** One metric revision of the organization. */
export class GetMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'userGroupLinks'>) {}

  async execute(actor: Actor, id: string): Promise<LinkedMetric> {
    const metric = await this.ports.metrics.require(actor.organizationId, id);
    const [linked] = await withUserGroupIds(this.ports, actor.organizationId, [metric]);
    return linked;
  }
}
