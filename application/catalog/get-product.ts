import type { Product } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One product of the organization. */
export class GetProduct {
  constructor(private readonly ports: Pick<Ports, 'products'>) {}

  execute(actor: Actor, id: string): Promise<Product> {
    return this.ports.products.require(actor.organizationId, id);
  }
}
