import type { Product } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';

export interface ProductFilter extends Page<Product> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
}

/** The organization's products. */
export class ListProducts {
  constructor(private readonly ports: Pick<Ports, 'products'>) {}

  execute(actor: Actor, filter: ProductFilter): Promise<Product[]> {
    return this.ports.products.list(actor.organizationId, {
      where: [...where.in('id', filter.ids), ...where.named(filter)],
      ...filter,
    });
  }
}
