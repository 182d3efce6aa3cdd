import type { StoragePorts } from '../../application/ports/ports.ts';
import type { Metric } from '../../domain/catalog/metric.ts';
import type { Product } from '../../domain/catalog/product.ts';
import type { Specification } from '../../domain/catalog/specification.ts';
import type { Version } from '../../domain/catalog/version.ts';
import type { Dataset } from '../../domain/dataset/dataset.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { catalogKinds } from '../shared/record-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import { MemorySequences } from './memory-sequences.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

type CatalogPorts = Pick<
  StoragePorts,
  'sequences' | 'products' | 'versions' | 'specifications' | 'metrics' | 'datasets' | 'testCases'
>;

/** The catalog and dataset stores of the in-memory world. */
export function createMemoryCatalogStorage(uow: MemoryUnitOfWork): CatalogPorts {
  return {
    sequences: new MemorySequences(uow),
    products: new MemoryRecordStore<Product>(catalogKinds.products, uow),
    versions: new MemoryBulkRecordStore<Version>(catalogKinds.versions, uow),
    specifications: new MemoryBulkRecordStore<Specification>(catalogKinds.specifications, uow),
    metrics: new MemoryRecordStore<Metric>(catalogKinds.metrics, uow),
    datasets: new MemoryBulkRecordStore<Dataset>(catalogKinds.datasets, uow),
    testCases: new MemoryBulkRecordStore<TestCase>(catalogKinds.testCases, uow),
  };
}
