import { createMetric, type LinkedMetric, supersedeMetric, type NewMetric } from '../../domain/catalog/metric.ts';
import { replaceMetric } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { linkNewMetric } from '../review/metric-user-groups.ts';
import { specificationsLinking } from './specifications-linking.ts';

/**
 * Adds a metric; names are unique among the organization's live head revisions. With `parentMetricId` it adds a
 * revision of the parent's family: the parent is superseded and the specifications that linked it link the new head.
 * The user groups it names (else its parent's) are linked to it.
 */
export class CreateMetric {
  constructor(
    private readonly ports: Pick<
      Ports,
      'metrics' | 'specifications' | 'userGroups' | 'userGroupLinks' | 'ids' | 'clock' | 'uow'
    >,
  ) {}

  execute(actor: Actor, input: NewMetric): Promise<LinkedMetric> {
    const scope = actor.organizationId;
    const now = this.ports.clock.now();
    return this.ports.uow.transaction(async () => {
      const parent = input.parentMetricId ? await this.ports.metrics.require(scope, input.parentMetricId) : null;
      const metric = createMetric(input, { id: this.ports.ids.next('metric'), organizationId: scope, now, parent });
      if (parent) await this.ports.metrics.update(supersedeMetric(parent, now));
      const created = await insertNamed(() => this.ports.metrics.insert(metric), { kind: 'metric', name: metric.name });
      const linked = await linkNewMetric(this.ports, actor, created, { userGroupIds: input.userGroupIds, parent });
      if (!parent) return linked;
      for (const specification of await specificationsLinking(this.ports, scope, parent.id)) {
        await this.ports.specifications.update(replaceMetric(specification, { from: parent.id, to: created.id }));
      }
      return linked;
    });
  }
}
