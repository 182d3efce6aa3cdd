import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { inferenceGenerationKinds } from '../shared/record-kinds/inference-generation-kinds.ts';
import { defineEndpointConnectionModels } from './models/endpoint-connection-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

type EndpointConnectionPorts = Pick<StoragePorts, 'endpointConnections' | 'inferenceGenerationItems'>;

/** The endpoint connections and generation items stores on SQLite or PostgreSQL. */
export const createSequelizeEndpointConnectionStorage: SequelizeStorage<EndpointConnectionPorts> =
  sequelizeStorageGroup(defineEndpointConnectionModels, {
    endpointConnections: storeOf(SequelizeRecordStore, endpointConnectionKinds.endpointConnections),
    inferenceGenerationItems: storeOf(SequelizeBulkRecordStore, inferenceGenerationKinds.inferenceGenerationItems),
  });
