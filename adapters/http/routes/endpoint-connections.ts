import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  connectionTestBody,
  connectionTestReport,
  endpointConnection,
  endpointConnectionCreate,
  endpointConnectionQuery,
  endpointConnectionUpdate,
} from '../schemas/endpoint-connection.ts';

const tag = 'Endpoint connections';

/** Connections to products' own endpoints, which from-version launches call. */
export function endpointConnectionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/endpointConnections',
      tag,
      summary: "List the organization's endpoint connections (secrets never shown)",
      query: endpointConnectionQuery,
      response: z.array(endpointConnection),
      handle: ({ actor, query }) => useCases.listEndpointConnections.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/endpointConnections',
      tag,
      summary: "Connect a product's endpoint",
      description:
        'Names are unique among live connections. The template and the output mapping are checked now (400 naming ' +
        'the problem). A secret is stored encrypted with ASSAY_SECRET_KEY (400 when the platform has none) and ' +
        'never returned: reads show hasSecret.',
      status: 201,
      body: endpointConnectionCreate,
      response: endpointConnection,
      errors: [409],
      handle: ({ actor, body }) => useCases.createEndpointConnection.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/endpointConnections/:id',
      tag,
      summary: 'Read an endpoint connection',
      params: idParams,
      response: endpointConnection,
      errors: [404],
      handle: ({ actor, params }) => useCases.getEndpointConnection.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/endpointConnections/:id',
      tag,
      summary: 'Change an endpoint connection',
      description:
        'Omitted fields are unchanged; null resets a setting to its default. Changing authType, or sending a ' +
        "secret field, replaces the secret: the new type's whole secret is then required.",
      params: idParams,
      body: endpointConnectionUpdate,
      response: endpointConnection,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateEndpointConnection.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/endpointConnections/:id',
      tag,
      summary: 'Soft-delete an endpoint connection',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteEndpointConnection.execute(actor, params.id),
    }),
    route({
      method: 'post',
      path: '/endpointConnections/:id/test',
      tag,
      summary: 'Call the endpoint once with a user message and show what happened',
      description:
        'The template is rendered as turn 1 of a new conversation and the endpoint called with its retries. ' +
        'Always 200: a failed call (no answer, an error status, an answer that is not JSON or where ' +
        'outputMapping.output matches nothing, a target on a private network) is reported in `error`.',
      params: idParams,
      body: connectionTestBody,
      response: connectionTestReport,
      errors: [404],
      handle: ({ actor, params, body }) => useCases.testEndpointConnection.execute(actor, params.id, body),
    }),
  ];
}
