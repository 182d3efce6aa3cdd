import type { StoragePorts } from '../../application/ports/ports.ts';
import { endpointConnectionKinds } from '../shared/record-kinds/endpoint-connection-kinds.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The endpoint connections store of the in-memory world. */
export function createMemoryEndpointConnectionStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'endpointConnections'> {
  return { endpointConnections: new MemoryRecordStore(endpointConnectionKinds.endpointConnections, uow) };
}
