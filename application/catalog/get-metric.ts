import type { Metric } from '../../domain/catalog/metric.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** One metric revision of the organization. */
export class GetMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics'>) {}

  execute(actor: Actor, id: string): Promise<Metric> {
    return requireRecord(this.ports.metrics, actor.organizationId, id, 'Metric');
  }
}
