import type { StoragePorts } from '../../application/ports/ports.ts';
import { operationsKinds } from '../shared/record-kinds/operations-kinds.ts';
import { defineOperationsModels } from './models/operations-models.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The operations stores on SQLite or PostgreSQL: marketplace operations and MFA challenges. */
export function createSequelizeOperationsStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'marketplaceOperations' | 'mfaChallenges'> {
  const models = defineOperationsModels(database.sequelize);
  return {
    marketplaceOperations: new SequelizeRecordStore(
      models.marketplaceOperations,
      operationsKinds.marketplaceOperations,
      database,
      context,
    ),
    mfaChallenges: new SequelizeRecordStore(models.mfaChallenges, operationsKinds.mfaChallenges, database, context),
  };
}
