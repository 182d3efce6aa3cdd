import type { StoragePorts } from '../../application/ports/ports.ts';
import { catalogKinds } from '../shared/record-kinds/catalog-kinds.ts';
import { defineCatalogModels } from './models/catalog-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { SequelizeSequences } from './sequelize-sequences.ts';
import { sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

type CatalogPorts = Pick<StoragePorts, 'sequences' | 'products' | 'versions' | 'specifications' | 'metrics'>;

const catalogRecordStores = sequelizeStorageGroup(defineCatalogModels, {
  products: storeOf(SequelizeRecordStore, catalogKinds.products),
  versions: storeOf(SequelizeBulkRecordStore, catalogKinds.versions),
  specifications: storeOf(SequelizeBulkRecordStore, catalogKinds.specifications),
  metrics: storeOf(SequelizeRecordStore, catalogKinds.metrics),
});

/** The catalog stores on SQLite or PostgreSQL: products, versions (numbered by sequences), specifications, metrics. */
export function createSequelizeCatalogStorage(database: DatabaseHandle, context: TransactionContext): CatalogPorts {
  return { sequences: new SequelizeSequences(database, context), ...catalogRecordStores(database, context) };
}
