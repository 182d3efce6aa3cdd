import {
  updateSpecification,
  type Specification,
  type SpecificationChanges,
} from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { specificationClash } from './create-specification.ts';
import { withConflictMessage } from '../shared/insert-named.ts';

/** Renames, describes or retypes a specification; links change through their own routes. */
export class UpdateSpecification {
  constructor(private readonly ports: Pick<Ports, 'specifications'>) {}

  async execute(actor: Actor, id: string, changes: SpecificationChanges): Promise<Specification> {
    const specification = await this.ports.specifications.require(actor.organizationId, id);
    const next = updateSpecification(specification, changes);
    return withConflictMessage(() => this.ports.specifications.update(next), specificationClash(next));
  }
}
