import type { StoragePorts } from '../../application/ports/ports.ts';
import { operationsKinds } from '../shared/record-kinds/operations-kinds.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The operations stores of the in-memory world: marketplace operations and MFA challenges. */
export function createMemoryOperationsStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'marketplaceOperations' | 'mfaChallenges'> {
  return {
    marketplaceOperations: new MemoryRecordStore(operationsKinds.marketplaceOperations, uow),
    mfaChallenges: new MemoryRecordStore(operationsKinds.mfaChallenges, uow),
  };
}
