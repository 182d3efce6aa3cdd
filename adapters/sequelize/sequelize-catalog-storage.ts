import type { StoragePorts } from '../../application/ports/ports.ts';
import type { Metric } from '../../domain/catalog/metric.ts';
import type { Product } from '../../domain/catalog/product.ts';
import type { Specification } from '../../domain/catalog/specification.ts';
import type { Version } from '../../domain/catalog/version.ts';
import type { Dataset } from '../../domain/dataset/dataset.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { catalogKinds } from '../shared/record-kinds.ts';
import { defineCatalogModels } from './models/catalog-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { SequelizeSequences } from './sequelize-sequences.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

type CatalogPorts = Pick<
  StoragePorts,
  'sequences' | 'products' | 'versions' | 'specifications' | 'metrics' | 'datasets' | 'testCases'
>;

/** The catalog and dataset stores on SQLite or PostgreSQL. */
export function createSequelizeCatalogStorage(database: DatabaseHandle, context: TransactionContext): CatalogPorts {
  const models = defineCatalogModels(database.sequelize);
  return {
    sequences: new SequelizeSequences(database, context),
    products: new SequelizeRecordStore<Product>(models.products, catalogKinds.products, database, context),
    versions: new SequelizeBulkRecordStore<Version>(models.versions, catalogKinds.versions, database, context),
    specifications: new SequelizeBulkRecordStore<Specification>(
      models.specifications,
      catalogKinds.specifications,
      database,
      context,
    ),
    metrics: new SequelizeRecordStore<Metric>(models.metrics, catalogKinds.metrics, database, context),
    datasets: new SequelizeBulkRecordStore<Dataset>(models.datasets, catalogKinds.datasets, database, context),
    testCases: new SequelizeBulkRecordStore<TestCase>(models.testCases, catalogKinds.testCases, database, context),
  };
}
