import { createVersion, versionNumberSequence, type NewVersion, type Version } from '../../domain/catalog/version.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Adds a version to a product; its number comes from the product's sequence in the same transaction. */
export class CreateVersion {
  constructor(private readonly ports: Pick<Ports, 'products' | 'versions' | 'sequences' | 'ids' | 'clock' | 'uow'>) {}

  execute(actor: Actor, input: NewVersion): Promise<Version> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      const product = await requireRecord(this.ports.products, scope, input.productId, 'Product');
      const parent = input.parentVersionId
        ? await requireRecord(this.ports.versions, scope, input.parentVersionId, 'Version')
        : null;
      const number = await this.ports.sequences.next(scope, versionNumberSequence(product.id));
      const version = createVersion(
        this.ports.ids.next('version'),
        scope,
        input,
        number,
        parent,
        this.ports.clock.now(),
      );
      return this.ports.versions.insert(version);
    });
  }
}
