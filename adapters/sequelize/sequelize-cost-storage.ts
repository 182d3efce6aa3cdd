import type { StoragePorts } from '../../application/ports/ports.ts';
import { costKinds } from '../shared/record-kinds/cost-kinds.ts';
import { defineCostModels } from './models/cost-models.ts';
import { SequelizeCostLedger } from './sequelize-cost-ledger.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { sequelizeStorageGroup, storeOf, type SequelizeStorage } from './sequelize-storage-group.ts';

type CostPorts = Pick<StoragePorts, 'modelPrices' | 'repricings' | 'costLedger'>;

const createRecordStores = sequelizeStorageGroup(defineCostModels, {
  modelPrices: storeOf(SequelizeRecordStore, costKinds.modelPrices),
  repricings: storeOf(SequelizeRecordStore, costKinds.repricings),
});

/** Model prices, repricing jobs and the cost ledger on SQLite or PostgreSQL. */
export const createSequelizeCostStorage: SequelizeStorage<CostPorts> = (database, context) => ({
  ...createRecordStores(database, context),
  costLedger: new SequelizeCostLedger(database, context),
});
