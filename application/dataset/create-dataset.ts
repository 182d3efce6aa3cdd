import { linkDatasets } from '../../domain/catalog/specification.ts';
import { createDataset, type Dataset, type NewDataset } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { withConflictMessage } from '../shared/insert-named.ts';

/** The 409 message of a clash on the per-product (name, type) key. */
export const datasetClash = (dataset: Dataset): string =>
  `A ${dataset.type} test named "${dataset.name}" already exists in this product`;

/** Adds a dataset to a product, linked to one of its specifications when named; name and type are unique together per product. */
export class CreateDataset {
  constructor(
    private readonly ports: Pick<Ports, 'products' | 'specifications' | 'datasets' | 'ids' | 'clock' | 'uow'>,
  ) {}

  execute(actor: Actor, input: NewDataset): Promise<Dataset> {
    const scope = actor.organizationId;
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        await this.ports.products.require(scope, input.productId);
        const specification = input.specificationId
          ? await this.ports.specifications.require(scope, input.specificationId)
          : null;
        const id = this.ports.ids.next('test');
        const dataset = createDataset(input, {
          id,
          organizationId: scope,
          userId: actor.userId,
          now: this.ports.clock.now(),
          specificationProductId: specification?.productId ?? null,
        });
        const created = await withConflictMessage(() => this.ports.datasets.insert(dataset), datasetClash(dataset));
        if (specification) await this.ports.specifications.update(linkDatasets(specification, [id]));
        return created;
      }),
    );
  }
}
