import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { inferenceGenerationKinds } from '../shared/record-kinds/inference-generation-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The endpoint connections and generation items stores of the in-memory world. */
export function createMemoryEndpointConnectionStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'endpointConnections' | 'inferenceGenerationItems'> {
  return {
    endpointConnections: new MemoryRecordStore(endpointConnectionKinds.endpointConnections, uow),
    inferenceGenerationItems: new MemoryBulkRecordStore(inferenceGenerationKinds.inferenceGenerationItems, uow),
  };
}
