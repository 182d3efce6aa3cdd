import { createVersion, versionNumberSequence, type NewVersion, type Version } from '../../domain/catalog/version.ts';
import { requireVisibleModel } from '../cost/model-access.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * Adds a version to a product; its number comes from the product's sequence in the same transaction. Its endpoint
 * connection, when named, must be a live one of the organization.
 */
export class CreateVersion {
  constructor(
    private readonly ports: Pick<
      Ports,
      'products' | 'versions' | 'endpointConnections' | 'modelPrices' | 'sequences' | 'ids' | 'clock' | 'uow'
    >,
  ) {}

  execute(actor: Actor, input: NewVersion): Promise<Version> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      const product = await this.ports.products.require(scope, input.productId);
      const parent = input.parentVersionId ? await this.ports.versions.require(scope, input.parentVersionId) : null;
      if (input.modelId) await requireVisibleModel(this.ports, scope, input.modelId);
      if (input.conversationEndpointConnectionId)
        await this.ports.endpointConnections.require(scope, input.conversationEndpointConnectionId);
      const number = await this.ports.sequences.next(scope, versionNumberSequence(product.id));
      const version = createVersion(input, {
        id: this.ports.ids.next('version'),
        organizationId: scope,
        now: this.ports.clock.now(),
        number,
        parent,
      });
      return this.ports.versions.insert(version);
    });
  }
}
