import {
  changeEndpointConnection,
  type EndpointConnectionChanges,
  type EndpointConnectionView,
  viewEndpointConnection,
} from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { connectionContext } from './seal-secret.ts';

/** Changes a connection's settings; a new auth type or secret field replaces the sealed secret. */
export class UpdateEndpointConnection {
  constructor(private readonly ports: Pick<Ports, 'endpointConnections' | 'secretBox' | 'endpointFormat' | 'clock'>) {}

  async execute(actor: Actor, id: string, changes: EndpointConnectionChanges): Promise<EndpointConnectionView> {
    const connection = await this.ports.endpointConnections.require(actor.organizationId, id);
    const next = changeEndpointConnection(connection, changes, this.ports.clock.now(), connectionContext(this.ports));
    const stored = await insertNamed(() => this.ports.endpointConnections.update(next), {
      kind: 'endpoint connection',
      name: next.name,
    });
    return viewEndpointConnection(stored);
  }
}
