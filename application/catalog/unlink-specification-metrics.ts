import { unlinkMetrics, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';

/** Removes metric links; ids that are not linked are ignored. */
export class UnlinkSpecificationMetrics {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'uow'>) {}

  execute(actor: Actor, id: string, metricIds: readonly string[]): Promise<Specification> {
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const specification = await this.ports.specifications.require(actor.organizationId, id);
        return this.ports.specifications.update(unlinkMetrics(specification, metricIds));
      }),
    );
  }
}
