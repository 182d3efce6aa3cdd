import {
  createEndpointConnection,
  type EndpointConnectionView,
  type NewEndpointConnection,
  viewEndpointConnection,
} from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { connectionContext } from './seal-secret.ts';

type Needs = Pick<Ports, 'endpointConnections' | 'secretBox' | 'endpointFormat' | 'ids' | 'clock'>;

/** Adds a connection to a product's endpoint; its template and mapping are checked, its secret sealed. */
export class CreateEndpointConnection {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, input: NewEndpointConnection): Promise<EndpointConnectionView> {
    const connection = createEndpointConnection(
      input,
      {
        id: this.ports.ids.next('endpointConnection'),
        organizationId: actor.organizationId,
        now: this.ports.clock.now(),
      },
      connectionContext(this.ports),
    );
    const stored = await insertNamed(() => this.ports.endpointConnections.insert(connection), {
      kind: 'endpoint connection',
      name: connection.name,
    });
    return viewEndpointConnection(stored);
  }
}
