import { createProduct, type NewProduct, type Product } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';

/** Adds a product; its name is unique in the organization (409 otherwise, even under concurrent creates). */
export class CreateProduct {
  constructor(private readonly ports: Pick<Ports, 'products' | 'ids' | 'clock'>) {}

  execute(actor: Actor, input: NewProduct): Promise<Product> {
    const product = createProduct(input, {
      id: this.ports.ids.next('product'),
      organizationId: actor.organizationId,
      now: this.ports.clock.now(),
    });
    return insertNamed(() => this.ports.products.insert(product), { kind: 'product', name: product.name });
  }
}
