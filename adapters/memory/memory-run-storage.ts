import type { StoragePorts } from '../../application/ports/ports.ts';
import { runKinds } from '../shared/record-kinds/run-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The run and launch stores of the in-memory world. */
export function createMemoryRunStorage(uow: MemoryUnitOfWork): Pick<StoragePorts, 'runs' | 'launches'> {
  return {
    runs: new MemoryRecordStore(runKinds.runs, uow),
    launches: new MemoryBulkRecordStore(runKinds.launches, uow),
  };
}
