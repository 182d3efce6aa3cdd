import type { Dataset } from '../../domain/dataset/dataset.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface DatasetFilter extends Page<Dataset> {
  readonly ids?: readonly string[];
  readonly productIds?: readonly string[];
  readonly specificationIds?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly types?: readonly string[];
}

/** The organization's datasets. */
export class ListDatasets extends FilteredList<Dataset, DatasetFilter> {
  constructor(ports: Pick<Ports, 'datasets'>) {
    super(ports.datasets, (filter) => [
      ...where.in('id', filter.ids),
      ...where.in('productId', filter.productIds),
      ...where.in('specificationId', filter.specificationIds),
      ...where.named(filter),
      ...where.in('type', filter.types),
    ]);
  }
}
