import type { Product } from '../../domain/catalog/product.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface ProductFilter extends Page<Product> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
}

/** The organization's products. */
export class ListProducts extends FilteredList<Product, ProductFilter> {
  constructor(ports: Pick<Ports, 'products'>) {
    super(ports.products, (filter) => [...where.in('id', filter.ids), ...where.named(filter)]);
  }
}
