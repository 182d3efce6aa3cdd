import type { Ports } from '../ports/ports.ts';
import { CreateEndpointConnection } from './create-endpoint-connection.ts';
import { DeleteEndpointConnection } from './delete-endpoint-connection.ts';
import { GetEndpointConnection } from './get-endpoint-connection.ts';
import { ListEndpointConnections } from './list-endpoint-connections.ts';
import { TestEndpointConnection } from './test-endpoint-connection.ts';
import { UpdateEndpointConnection } from './update-endpoint-connection.ts';

/** Connections to products' own endpoints: CRUD and a test call. */
export function createEndpointConnectionUseCases(ports: Ports) {
  return {
    listEndpointConnections: new ListEndpointConnections(ports),
    getEndpointConnection: new GetEndpointConnection(ports),
    createEndpointConnection: new CreateEndpointConnection(ports),
    updateEndpointConnection: new UpdateEndpointConnection(ports),
    deleteEndpointConnection: new DeleteEndpointConnection(ports),
    testEndpointConnection: new TestEndpointConnection(ports),
  };
}
