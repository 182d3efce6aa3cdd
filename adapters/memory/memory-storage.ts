import type { StoragePorts } from '../../application/ports/ports.ts';
import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import { identityKinds } from '../shared/record-kinds.ts';
import { createMemoryCatalogStorage } from './memory-catalog-storage.ts';
import { createMemoryEvaluationStorage } from './memory-evaluation-storage.ts';
import { MemoryOrganizationStore } from './memory-organization-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import { createMemoryTracingStorage } from './memory-tracing-stores.ts';
import { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The in-memory world: the embedded library's default and the unit tests' storage. */
export function createMemoryStorage(): StoragePorts {
  const uow = new MemoryUnitOfWork();
  return {
    uow,
    organizations: new MemoryOrganizationStore(identityKinds.organizations, uow),
    subscriptions: new MemoryRecordStore<Subscription>(identityKinds.subscriptions, uow),
    users: new MemoryRecordStore<User>(identityKinds.users, uow),
    apiKeys: new MemoryRecordStore<ApiKey>(identityKinds.apiKeys, uow),
    ...createMemoryCatalogStorage(uow),
    ...createMemoryEvaluationStorage(uow),
    ...createMemoryTracingStorage(uow),
  };
}
