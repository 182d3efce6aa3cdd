import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { generationKinds } from '../shared/record-kinds/generation-kinds.ts';
import { defineEndpointConnectionModels } from './models/endpoint-connection-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

type EndpointConnectionPorts = Pick<StoragePorts, 'endpointConnections' | 'generationItems'>;

/** The endpoint connections and generation items stores on SQLite or PostgreSQL. */
export const createSequelizeEndpointConnectionStorage: SequelizeStorage<EndpointConnectionPorts> =
  sequelizeStorageGroup(defineEndpointConnectionModels, {
    endpointConnections: storeOf(SequelizeRecordStore, endpointConnectionKinds.endpointConnections),
    generationItems: storeOf(SequelizeBulkRecordStore, generationKinds.generationItems),
  });
