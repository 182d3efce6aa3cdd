import type { StoragePorts } from '../../application/ports/ports.ts';
import { datasetKinds } from '../shared/record-kinds/dataset-kinds.ts';
import { defineDatasetModels } from './models/dataset-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

/** The dataset stores on SQLite or PostgreSQL: datasets and their test cases. */
export const createSequelizeDatasetStorage: SequelizeStorage<Pick<StoragePorts, 'datasets' | 'testCases'>> =
  sequelizeStorageGroup(defineDatasetModels, {
    datasets: storeOf(SequelizeBulkRecordStore, datasetKinds.datasets),
    testCases: storeOf(SequelizeBulkRecordStore, datasetKinds.testCases),
  });
