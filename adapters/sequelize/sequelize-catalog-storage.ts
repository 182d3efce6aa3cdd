import type { StoragePorts } from '../../application/ports/ports.ts';
import { catalogKinds } from '../shared/record-kinds/catalog-kinds.ts';
import { defineCatalogModels } from './models/catalog-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { SequelizeSequences } from './sequelize-sequences.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

type CatalogPorts = Pick<StoragePorts, 'sequences' | 'products' | 'versions' | 'specifications' | 'metrics'>;

/** The catalog stores on SQLite or PostgreSQL: products, versions (numbered by sequences), specifications, metrics. */
export function createSequelizeCatalogStorage(database: DatabaseHandle, context: TransactionContext): CatalogPorts {
  const models = defineCatalogModels(database.sequelize);
  return {
    sequences: new SequelizeSequences(database, context),
    products: new SequelizeRecordStore(models.products, catalogKinds.products, database, context),
    versions: new SequelizeBulkRecordStore(models.versions, catalogKinds.versions, database, context),
    specifications: new SequelizeBulkRecordStore(models.specifications, catalogKinds.specifications, database, context),
    metrics: new SequelizeRecordStore(models.metrics, catalogKinds.metrics, database, context),
  };
}
