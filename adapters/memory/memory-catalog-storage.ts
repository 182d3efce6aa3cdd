import type { StoragePorts } from '../../application/ports/ports.ts';
import { catalogKinds } from '../shared/record-kinds/catalog-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import { MemorySequences } from './memory-sequences.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

type CatalogPorts = Pick<StoragePorts, 'sequences' | 'products' | 'versions' | 'specifications' | 'metrics'>;

/** The catalog stores of the in-memory world: products, versions (numbered by sequences), specifications, metrics. */
export function createMemoryCatalogStorage(uow: MemoryUnitOfWork): CatalogPorts {
  return {
    sequences: new MemorySequences(uow),
    products: new MemoryRecordStore(catalogKinds.products, uow),
    versions: new MemoryBulkRecordStore(catalogKinds.versions, uow),
    specifications: new MemoryBulkRecordStore(catalogKinds.specifications, uow),
    metrics: new MemoryRecordStore(catalogKinds.metrics, uow),
  };
}
