import { linkMetrics, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { changeSpecification } from './change-specification.ts';

/** Links metrics of the organization to a specification; sessions of its datasets are scored by them. */
export class LinkSpecificationMetrics {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'metrics' | 'uow'>) {}

  async execute(actor: Actor, id: string, metricIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    await this.ports.specifications.require(scope, id);
    const metrics = await this.ports.metrics.requireMany(scope, metricIds);
    return changeSpecification(this.ports, scope, id, (specification) => linkMetrics(specification, metrics));
  }
}
