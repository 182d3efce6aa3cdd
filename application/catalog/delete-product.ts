import { assertMayDeleteProduct } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { unlinkFromAllGroups } from '../review/user-group-links.ts';
import { cancelOpenGeneration } from '../shared/cancel-open-generation.ts';
import { retryStale } from '../shared/retry-stale.ts';

/**
 * Soft-deletes a product with its versions, specifications, datasets and their test cases, all together; the datasets'
 * open generation jobs are cancelled, and user groups stop covering it.
 */
export class DeleteProduct {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'products'
      | 'versions'
      | 'specifications'
      | 'datasets'
      | 'testCases'
      | 'generationJobs'
      | 'userGroupLinks'
      | 'clock'
      | 'uow'
    >,
  ) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    await this.ports.products.require(scope, id);
    assertMayDeleteProduct(actor);
    const deletedAt = this.ports.clock.now();
    const ofProduct = where.eq('productId', id);
    // Done again from a fresh read when a generation job's worker wrote its job first.
    await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const product = await this.ports.products.require(scope, id);
        const datasets = await this.ports.datasets.list(scope, { where: ofProduct, limit: 1_000_000 });
        await cancelOpenGeneration(
          this.ports,
          scope,
          datasets.map((dataset) => dataset.id),
          deletedAt,
        );
        if (datasets.length > 0)
          await this.ports.testCases.softDeleteWhere(
            scope,
            where.in(
              'datasetId',
              datasets.map((dataset) => dataset.id),
            ),
            deletedAt,
          );
        await this.ports.datasets.softDeleteWhere(scope, ofProduct, deletedAt);
        await this.ports.specifications.softDeleteWhere(scope, ofProduct, deletedAt);
        await this.ports.versions.softDeleteWhere(scope, ofProduct, deletedAt);
        await unlinkFromAllGroups(this.ports, scope, 'product', id, deletedAt);
        await this.ports.products.update({ ...product, deletedAt });
      }),
    );
    return { id, deletedAt };
  }
}
