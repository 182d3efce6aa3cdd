import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { defineEndpointConnectionModels } from './models/endpoint-connection-models.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The endpoint connections store on SQLite or PostgreSQL. */
export function createSequelizeEndpointConnectionStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'endpointConnections'> {
  const models = defineEndpointConnectionModels(database.sequelize);
  return {
    endpointConnections: new SequelizeRecordStore(
      models.endpointConnections,
      endpointConnectionKinds.endpointConnections,
      database,
      context,
    ),
  };
}
