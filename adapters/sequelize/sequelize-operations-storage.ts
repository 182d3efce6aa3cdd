import type { StoragePorts } from '../../application/ports/ports.ts';
import { operationsKinds } from '../shared/record-kinds/operations-kinds.ts';
import { defineOperationsModels } from './models/operations-models.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

type OperationsPorts = Pick<StoragePorts, 'marketplaceOperations' | 'mfaChallenges'>;

/** The operations stores on SQLite or PostgreSQL: marketplace operations and MFA challenges. */
export const createSequelizeOperationsStorage: SequelizeStorage<OperationsPorts> = sequelizeStorageGroup(
  defineOperationsModels,
  {
    marketplaceOperations: storeOf(SequelizeRecordStore, operationsKinds.marketplaceOperations),
    mfaChallenges: storeOf(SequelizeRecordStore, operationsKinds.mfaChallenges),
  },
);
