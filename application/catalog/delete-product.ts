import { assertMayDeleteProduct } from '../../domain/catalog/product.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { unlinkFromAllGroups } from '../review/user-group-links.ts';

/**
 * Soft-deletes a product with its versions, specifications, datasets and their test cases, all together; user groups
 * stop covering it.
 */
export class DeleteProduct {
  constructor(
    private readonly ports: Pick<
      Ports,
      'products' | 'versions' | 'specifications' | 'datasets' | 'testCases' | 'userGroupLinks' | 'clock' | 'uow'
    >,
  ) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const product = await this.ports.products.require(scope, id);
    assertMayDeleteProduct(actor);
    const deletedAt = this.ports.clock.now();
    const ofProduct = where.eq('productId', id);
    await this.ports.uow.transaction(async () => {
      const datasets = await this.ports.datasets.list(scope, { where: ofProduct, limit: 1_000_000 });
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
    });
    return { id, deletedAt };
  }
}
