import type { StoragePorts } from '../../application/ports/ports.ts';
import { identityKinds } from '../shared/record-kinds/identity-kinds.ts';
import { MemoryApiKeyStore } from './memory-api-key-store.ts';
import { createMemoryCatalogStorage } from './memory-catalog-storage.ts';
import { createMemoryDatasetStorage } from './memory-dataset-storage.ts';
import { createMemoryEvaluationStorage } from './memory-evaluation-storage.ts';
import { createMemoryRunStorage } from './memory-run-storage.ts';
import { createMemoryReviewStorage } from './memory-review-storage.ts';
import { createMemoryEndpointConnectionStorage } from './memory-endpoint-connection-storage.ts';
import { createMemoryDatasetGenerationStorage } from './memory-dataset-generation-storage.ts';
import { createMemoryOperationsStorage } from './memory-operations-storage.ts';
import { MemoryCostLedger } from './memory-cost-ledger.ts';
import { costKinds } from '../shared/record-kinds/cost-kinds.ts';
import { createMemoryMonitorStorage } from './memory-monitor-storage.ts';
import { MemoryOrganizationStore } from './memory-organization-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import { createMemoryTracingStorage } from './memory-tracing-stores.ts';
import { PURGED_RECORDS } from '../../domain/operations/purge-plan.ts';
import { MemorySweepStore, type MemorySweptStores } from './memory-sweep-store.ts';
import { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The in-memory world: the embedded library's default and the unit tests' storage. */
export function createMemoryStorage(): StoragePorts {
  const uow = new MemoryUnitOfWork();
  const organizations = new MemoryOrganizationStore(identityKinds.organizations, uow);
  const users = new MemoryRecordStore(identityKinds.users, uow);
  const subscriptions = new MemoryRecordStore(identityKinds.subscriptions, uow);
  const tracing = createMemoryTracingStorage(uow);
  const evaluation = createMemoryEvaluationStorage(uow);
  const endpointConnections = createMemoryEndpointConnectionStorage(uow);
  const catalog = createMemoryCatalogStorage(uow);
  const storage: Omit<StoragePorts, 'sweeps'> = {
    uow,
    readiness: { check: async () => [] },
    organizations,
    subscriptions,
    users,
    apiKeys: new MemoryApiKeyStore(identityKinds.apiKeys, uow, { users, organizations, subscriptions }),
    ...catalog,
    ...createMemoryDatasetStorage(uow),
    ...evaluation,
    ...createMemoryRunStorage(uow),
    ...tracing,
    ...createMemoryReviewStorage(uow),
    ...endpointConnections,
    modelPrices: new MemoryRecordStore(costKinds.modelPrices, uow),
    repricings: new MemoryRecordStore(costKinds.repricings, uow),
    costLedger: new MemoryCostLedger(
      { ...tracing, ...evaluation, ...endpointConnections, versions: catalog.versions },
      uow,
    ),
    ...createMemoryOperationsStorage(uow),
    ...createMemoryDatasetGenerationStorage(uow),
    ...createMemoryMonitorStorage(uow),
  };
  const purged = Object.fromEntries(PURGED_RECORDS.map((record) => [record, storage[record]]));
  return {
    ...storage,
    sweeps: new MemorySweepStore({
      organizations,
      ...tracing,
      ...evaluation,
      purged: purged as unknown as MemorySweptStores['purged'],
    }),
  };
}
