import { updateVersion, type Version, type VersionChanges } from '../../domain/catalog/version.ts';
import { requireVisibleModel } from '../cost/model-access.ts';
import { queueRepricing } from '../cost/reprice-model.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** A changed version, with the id of the repricing job the change queued (null when its model stayed the same). */
export interface UpdatedVersion extends Version {
  readonly repricingId: string | null;
}

/**
 * Changes a version's name, description, system prompt, conversation endpoint connection or model (live ones it sees:
 * else 404); a new model re-prices its turns, and the answer names that job so the caller can follow it.
 */
export class UpdateVersion {
  constructor(
    private readonly ports: Pick<
      Ports,
      'versions' | 'endpointConnections' | 'modelPrices' | 'repricings' | 'jobQueue' | 'uow' | 'ids' | 'clock'
    >,
  ) {}

  async execute(actor: Actor, id: string, changes: VersionChanges): Promise<UpdatedVersion> {
    const scope = actor.organizationId;
    const version = await this.ports.versions.require(scope, id);
    if (changes.conversationEndpointConnectionId)
      await this.ports.endpointConnections.require(scope, changes.conversationEndpointConnectionId);
    if (changes.modelId) await requireVisibleModel(this.ports, scope, changes.modelId);
    return this.ports.uow.transaction(async () => {
      const updated = await this.ports.versions.update(updateVersion(version, changes));
      // Its turns are priced again by themselves (a job) when the version's model changes.
      if (updated.modelId === version.modelId) return { ...updated, repricingId: null };
      const repricing = await queueRepricing(this.ports, scope, { versionId: id });
      return { ...updated, repricingId: repricing.id };
    });
  }
}
