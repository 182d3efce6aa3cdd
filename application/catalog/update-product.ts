import { updateProduct, type Product, type ProductChanges } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';

/** Renames or describes a product; a name taken in the organization is a 409. */
export class UpdateProduct {
  constructor(private readonly ports: Pick<Ports, 'products'>) {}

  async execute(actor: Actor, id: string, changes: ProductChanges): Promise<Product> {
    const product = await this.ports.products.require(actor.organizationId, id);
    const next = updateProduct(product, changes);
    return insertNamed(() => this.ports.products.update(next), { kind: 'product', name: next.name });
  }
}
