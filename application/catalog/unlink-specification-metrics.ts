import { unlinkMetrics, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { changeSpecification } from './change-specification.ts';

/** Removes metric links; ids that are not linked are ignored. */
export class UnlinkSpecificationMetrics {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'uow'>) {}

  execute(actor: Actor, id: string, metricIds: readonly string[]): Promise<Specification> {
    return changeSpecification(this.ports, actor.organizationId, id, (specification) =>
      unlinkMetrics(specification, metricIds),
    );
  }
}
