import type { Specification } from '../../domain/catalog/specification.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface SpecificationFilter extends Page<Specification> {
  readonly ids?: readonly string[];
  readonly productIds?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly types?: readonly string[];
}

/** The organization's specifications, optionally of some products. */
export class ListSpecifications extends FilteredList<Specification, SpecificationFilter> {
  constructor(ports: Pick<Ports, 'specifications'>) {
    super(ports.specifications, (filter) => [
      ...where.in('id', filter.ids),
      ...where.in('productId', filter.productIds),
      ...where.named(filter),
      ...where.in('type', filter.types),
    ]);
  }
}
