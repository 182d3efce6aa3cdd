import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import {
  connectionTestBody,
  connectionTestReport,
  endpointConnection,
  endpointConnectionCreate,
  endpointConnectionQuery,
  endpointConnectionUpdate,
} from '../schemas/endpoint-connection.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Endpoint connections';

/** Connections to products' own endpoints, which from-version launches call. */
export function endpointConnectionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/endpointConnections',
      record: endpointConnection,
      list: {
        summary: "List the organization's endpoint connections (secrets never shown)",
        query: endpointConnectionQuery,
        useCase: useCases.listEndpointConnections,
      },
      create: {
        summary: "Connect a product's endpoint",
        description:
          'Names are unique among live connections. The template and the output mapping are checked now (400 naming ' +
          'the problem). A secret is stored encrypted with ASSAY_SECRET_KEY (400 when the platform has none) and ' +
          'never returned: reads show hasSecret. Custom header values are secrets too: stored encrypted, answered as ***.',
        body: endpointConnectionCreate,
        useCase: useCases.createEndpointConnection,
      },
      get: { summary: 'Read an endpoint connection', useCase: useCases.getEndpointConnection },
      update: {
        summary: 'Change an endpoint connection',
        description:
          'Omitted fields are unchanged; null resets a setting to its default. Changing authType, or sending a ' +
          "secret field, replaces the secret: the new type's whole secret is then required. `headers` replaces the " +
          'whole set; a header value of *** keeps the value stored under that name.',
        body: endpointConnectionUpdate,
        useCase: useCases.updateEndpointConnection,
      },
      remove: { summary: 'Soft-delete an endpoint connection', useCase: useCases.deleteEndpointConnection },
    }),
    recordRoute({
      method: 'post',
      path: '/endpointConnections/:id/test',
      tag,
      summary: 'Call the endpoint once with a user message and show what happened',
      description:
        'The template is rendered as turn 1 of a new conversation and the endpoint called with its retries. ' +
        'Always 200: a failed call (no answer, an error status, an answer that is not JSON or where ' +
        'outputMapping.output matches nothing, a target on a private network) is reported in `error`. Redirects ' +
        'are not followed. The secret header and every custom header are shown as ***.',
      body: connectionTestBody,
      response: connectionTestReport,
      run: (actor, id, body) => useCases.testEndpointConnection.execute(actor, id, body),
    }),
  ];
}
