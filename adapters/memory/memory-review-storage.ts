import type { StoragePorts } from '../../application/ports/ports.ts';
import { reviewKinds } from '../shared/record-kinds/review-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The human-review stores of the in-memory world: user groups and their links. */
export function createMemoryReviewStorage(uow: MemoryUnitOfWork): Pick<StoragePorts, 'userGroups' | 'userGroupLinks'> {
  return {
    userGroups: new MemoryRecordStore(reviewKinds.userGroups, uow),
    userGroupLinks: new MemoryBulkRecordStore(reviewKinds.userGroupLinks, uow),
  };
}
