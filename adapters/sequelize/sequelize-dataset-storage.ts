import type { StoragePorts } from '../../application/ports/ports.ts';
import { datasetKinds } from '../shared/record-kinds/dataset-kinds.ts';
import { defineDatasetModels } from './models/dataset-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The dataset stores on SQLite or PostgreSQL: datasets and their test cases. */
export function createSequelizeDatasetStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'datasets' | 'testCases'> {
  const models = defineDatasetModels(database.sequelize);
  return {
    datasets: new SequelizeBulkRecordStore(models.datasets, datasetKinds.datasets, database, context),
    testCases: new SequelizeBulkRecordStore(models.testCases, datasetKinds.testCases, database, context),
  };
}
