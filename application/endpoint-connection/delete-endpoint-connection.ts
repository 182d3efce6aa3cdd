import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes a connection; versions naming it can no longer be launched from until they name another. */
export class DeleteEndpointConnection {
  constructor(private readonly ports: Pick<Ports, 'endpointConnections' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const connection = await this.ports.endpointConnections.require(actor.organizationId, id);
    const deletedAt = this.ports.clock.now();
    await this.ports.endpointConnections.update({ ...connection, deletedAt });
    return { id, deletedAt };
  }
}
