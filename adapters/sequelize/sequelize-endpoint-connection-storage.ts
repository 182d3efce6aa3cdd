import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { defineEndpointConnectionModels } from './models/endpoint-connection-models.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { generationKinds } from '../shared/record-kinds/generation-kinds.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The endpoint connections and generation items stores on SQLite or PostgreSQL. */
export function createSequelizeEndpointConnectionStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'endpointConnections' | 'generationItems'> {
  const models = defineEndpointConnectionModels(database.sequelize);
  return {
    endpointConnections: new SequelizeRecordStore(
      models.endpointConnections,
      endpointConnectionKinds.endpointConnections,
      database,
      context,
    ),
    generationItems: new SequelizeBulkRecordStore(
      models.generationItems,
      generationKinds.generationItems,
      database,
      context,
    ),
  };
}
