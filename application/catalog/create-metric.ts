import { createMetric, supersedeMetric, type Metric, type NewMetric } from '../../domain/catalog/metric.ts';
import { replaceMetric } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { specificationsLinking } from './specifications-linking.ts';

/**
 * Adds a metric; names are unique among the organization's live head revisions. With `parentMetricId` it adds a
 * revision of the parent's family: the parent is superseded and the specifications that linked it link the new head.
 */
export class CreateMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'specifications' | 'ids' | 'clock' | 'uow'>) {}

  execute(actor: Actor, input: NewMetric): Promise<Metric> {
    const scope = actor.organizationId;
    const now = this.ports.clock.now();
    return this.ports.uow.transaction(async () => {
      const parent = input.parentMetricId
        ? await requireRecord(this.ports.metrics, scope, input.parentMetricId, 'Metric')
        : null;
      const metric = createMetric(this.ports.ids.next('metric'), scope, input, now, parent);
      if (parent) await this.ports.metrics.update(supersedeMetric(parent, now));
      const created = await insertNamed(
        () => this.ports.metrics.insert(metric),
        'metric',
        metric.name,
        'in this organization',
      );
      if (!parent) return created;
      for (const specification of await specificationsLinking(this.ports, scope, parent.id)) {
        await this.ports.specifications.update(replaceMetric(specification, parent.id, created.id));
      }
      return created;
    });
  }
}
