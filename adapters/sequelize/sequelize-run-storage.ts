import type { StoragePorts } from '../../application/ports/ports.ts';
import { runKinds } from '../shared/record-kinds/run-kinds.ts';
import { defineRunModels } from './models/run-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

/** The run and launch stores on SQLite or PostgreSQL. */
export const createSequelizeRunStorage: SequelizeStorage<Pick<StoragePorts, 'runs' | 'launches'>> =
  sequelizeStorageGroup(defineRunModels, {
    runs: storeOf(SequelizeRecordStore, runKinds.runs),
    launches: storeOf(SequelizeBulkRecordStore, runKinds.launches),
  });
