import { changeMetric, type Metric, type MetricChanges } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { insertNamed } from '../shared/insert-named.ts';

/** Changes a metric revision's name, description, tags or `disabledAt`; its scoring definition never changes. */
export class UpdateMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics'>) {}

  async execute(actor: Actor, id: string, changes: MetricChanges): Promise<Metric> {
    const metric = await requireRecord(this.ports.metrics, actor.organizationId, id, 'Metric');
    const next = changeMetric(metric, changes);
    return insertNamed(() => this.ports.metrics.update(next), 'metric', next.name, 'in this organization');
  }
}
