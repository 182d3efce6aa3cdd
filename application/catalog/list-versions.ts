import type { Version } from '../../domain/catalog/version.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface VersionFilter extends Page<Version> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly productIds?: readonly string[];
  readonly numbers?: readonly number[];
}

/** The organization's versions, optionally of some products. */
export class ListVersions extends FilteredList<Version, VersionFilter> {
  constructor(ports: Pick<Ports, 'versions'>) {
    super(ports.versions, (filter) => [
      ...where.in('id', filter.ids),
      ...where.named(filter),
      ...where.in('productId', filter.productIds),
      ...where.in('number', filter.numbers),
    ]);
  }
}
