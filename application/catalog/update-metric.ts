import { changeMetric, type LinkedMetric, type MetricChanges } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { withUserGroupIds } from '../review/metric-user-groups.ts';

/** Changes a metric revision's name, description, tags or `disabledAt`; its scoring definition never changes. */
export class UpdateMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'userGroupLinks'>) {}

  async execute(actor: Actor, id: string, changes: MetricChanges): Promise<LinkedMetric> {
    const metric = await this.ports.metrics.require(actor.organizationId, id);
    const next = changeMetric(metric, changes);
    const stored = await insertNamed(() => this.ports.metrics.update(next), { kind: 'metric', name: next.name });
    const [linked] = await withUserGroupIds(this.ports, actor.organizationId, [stored]);
    return linked;
  }
}
