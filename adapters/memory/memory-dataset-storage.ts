import type { StoragePorts } from '../../application/ports/ports.ts';
import { datasetKinds } from '../shared/record-kinds/dataset-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The dataset stores of the in-memory world: datasets and their test cases. */
export function createMemoryDatasetStorage(uow: MemoryUnitOfWork): Pick<StoragePorts, 'datasets' | 'testCases'> {
  return {
    datasets: new MemoryBulkRecordStore(datasetKinds.datasets, uow),
    testCases: new MemoryBulkRecordStore(datasetKinds.testCases, uow),
  };
}
