import {
  type EndpointConnectionView,
  viewEndpointConnection,
} from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One connection of the organization, without its secret. */
export class GetEndpointConnection {
  constructor(private readonly ports: Pick<Ports, 'endpointConnections'>) {}

  async execute(actor: Actor, id: string): Promise<EndpointConnectionView> {
    return viewEndpointConnection(await this.ports.endpointConnections.require(actor.organizationId, id));
  }
}
