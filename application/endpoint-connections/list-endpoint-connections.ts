import {
  type EndpointConnection,
  type EndpointConnectionView,
  viewEndpointConnection,
} from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';

export interface EndpointConnectionFilter extends Page<EndpointConnection> {
  readonly ids?: readonly string[];
  /** Part of the name, any case. */
  readonly name?: string;
  readonly names?: readonly string[];
  readonly authTypes?: readonly string[];
}

/** The organization's connections, one page, without their secrets. */
export class ListEndpointConnections {
  constructor(private readonly ports: Pick<Ports, 'endpointConnections'>) {}

  async execute(actor: Actor, filter: EndpointConnectionFilter): Promise<EndpointConnectionView[]> {
    const connections = await this.ports.endpointConnections.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...(filter.name === undefined ? [] : [{ field: 'name' as const, op: 'like' as const, value: filter.name }]),
        ...where.in('name', filter.names),
        ...where.in('authType', filter.authTypes),
      ],
      sort: filter.sort,
      limit: filter.limit,
      offset: filter.offset,
    });
    return connections.map(viewEndpointConnection);
  }
}
