import type { Sequelize } from 'sequelize';
import { endpointConnectionKinds } from '../../shared/record-kinds/endpoint-connection-kinds.ts';
import { inferenceGenerationKinds } from '../../shared/record-kinds/inference-generation-kinds.ts';
import { tables } from '../migrations/0011-endpoint-connections.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the endpoint connections and generation items tables. */
export const defineEndpointConnectionModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    endpointConnections: recordModel(endpointConnectionKinds.endpointConnections, {
      table: 'endpoint_connections',
      columns: tables.endpointConnections,
    }),
    inferenceGenerationItems: recordModel(inferenceGenerationKinds.inferenceGenerationItems, {
      table: 'generation_items',
      columns: tables.generationItems,
    }),
  });
