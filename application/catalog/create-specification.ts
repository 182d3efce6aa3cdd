import { createSpecification, type NewSpecification, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { withConflictMessage } from '../shared/insert-named.ts';

/** The 409 message of a clash on the per-product (description, type) key. */
export const specificationClash = (specification: Specification): string =>
  `A ${specification.type} specification with this description already exists in this product`;

/** Adds a specification to a product; description and type are unique together per product. */
export class CreateSpecification {
  constructor(private readonly ports: Pick<Ports, 'products' | 'specifications' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewSpecification): Promise<Specification> {
    const specification = createSpecification(input, {
      id: this.ports.ids.next('specification'),
      organizationId: actor.organizationId,
      now: this.ports.clock.now(),
    });
    await this.ports.products.require(actor.organizationId, input.productId);
    return withConflictMessage(
      () => this.ports.specifications.insert(specification),
      specificationClash(specification),
    );
  }
}
