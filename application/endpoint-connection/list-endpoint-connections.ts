import {
  type EndpointConnection,
  type EndpointConnectionView,
  viewEndpointConnection,
} from '../../domain/endpoint-connection/endpoint-connection.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface EndpointConnectionFilter extends Page<EndpointConnection> {
  readonly ids?: readonly string[];
  /** Part of the name, any case. */
  readonly name?: string;
  readonly names?: readonly string[];
  readonly authTypes?: readonly string[];
}

/** The organization's connections, one page, without their secrets. */
export class ListEndpointConnections extends FilteredList<
  EndpointConnection,
  EndpointConnectionFilter,
  EndpointConnectionView
> {
  constructor(ports: Pick<Ports, 'endpointConnections'>) {
    super(
      ports.endpointConnections,
      (filter) => [...where.in('id', filter.ids), ...where.named(filter), ...where.in('authType', filter.authTypes)],
      (connections) => connections.map(viewEndpointConnection),
    );
  }
}
