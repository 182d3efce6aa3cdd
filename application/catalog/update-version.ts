import { updateVersion, type Version, type VersionChanges } from '../../domain/catalog/version.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Changes a version's name, description, system prompt or conversation endpoint connection (a live one: else 404). */
export class UpdateVersion {
  constructor(private readonly ports: Pick<Ports, 'versions' | 'endpointConnections'>) {}

  async execute(actor: Actor, id: string, changes: VersionChanges): Promise<Version> {
    const version = await this.ports.versions.require(actor.organizationId, id);
    if (changes.conversationEndpointConnectionId)
      await this.ports.endpointConnections.require(actor.organizationId, changes.conversationEndpointConnectionId);
    return this.ports.versions.update(updateVersion(version, changes));
  }
}
