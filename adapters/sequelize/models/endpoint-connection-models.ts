import type { Sequelize } from 'sequelize';
import type { EndpointConnection } from '../../../domain/endpoint-connection/endpoint-connection.ts';
import type { GenerationItem } from '../../../domain/generation/generation-item.ts';
import { tables } from '../migrations/0011-endpoint-connections.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the endpoint connections and generation items tables. */
export const defineEndpointConnectionModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    endpointConnections: {
      name: 'EndpointConnection',
      table: 'endpoint_connections',
      columns: columnsOf<EndpointConnection>()(tables.endpointConnections),
    },
    generationItems: {
      name: 'GenerationItem',
      table: 'generation_items',
      columns: columnsOf<GenerationItem>()(tables.generationItems),
    },
  });
