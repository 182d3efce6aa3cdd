import type { StoragePorts } from '../../application/ports/ports.ts';
import { runKinds } from '../shared/record-kinds/run-kinds.ts';
import { defineRunModels } from './models/run-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The run and launch stores on SQLite or PostgreSQL. */
export function createSequelizeRunStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'runs' | 'launches'> {
  const models = defineRunModels(database.sequelize);
  return {
    runs: new SequelizeRecordStore(models.runs, runKinds.runs, database, context),
    launches: new SequelizeBulkRecordStore(models.launches, runKinds.launches, database, context),
  };
}
