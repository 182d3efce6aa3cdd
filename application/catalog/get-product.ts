import type { Product } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** One product of the organization. */
export class GetProduct {
  constructor(private readonly ports: Pick<Ports, 'products'>) {}

  execute(actor: Actor, id: string): Promise<Product> {
    return requireRecord(this.ports.products, actor.organizationId, id, 'Product');
  }
}
