import type { StoragePorts } from '../../application/ports/ports.ts';
import { identityKinds } from '../shared/record-kinds/identity-kinds.ts';
import { defineIdentityModels } from './models/identity-models.ts';
import { SequelizeApiKeyStore } from './sequelize-api-key-store.ts';
import { createSequelizeCatalogStorage } from './sequelize-catalog-storage.ts';
import { createSequelizeCostStorage } from './sequelize-cost-storage.ts';
import { createSequelizeDatasetStorage } from './sequelize-dataset-storage.ts';
import { createSequelizeEvaluationStorage } from './sequelize-evaluation-storage.ts';
import { createSequelizeRunStorage } from './sequelize-run-storage.ts';
import { createSequelizeReviewStorage } from './sequelize-review-storage.ts';
import { createSequelizeEndpointConnectionStorage } from './sequelize-endpoint-connection-storage.ts';
import { createSequelizeDatasetGenerationStorage } from './sequelize-dataset-generation-storage.ts';
import { createSequelizeOperationsStorage } from './sequelize-operations-storage.ts';
import { createSequelizeMonitorStorage } from './sequelize-monitor-storage.ts';
import { SequelizeOrganizationStore } from './sequelize-organization-store.ts';
import { SequelizeReadinessProbe } from './sequelize-readiness-probe.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';
import { createSequelizeTracingStorage } from './sequelize-tracing-stores.ts';
import { SequelizeSweepStore } from './sequelize-sweep-store.ts';
import { SequelizeUnitOfWork } from './sequelize-unit-of-work.ts';
import type { DatabaseHandle } from './support/database.ts';
import { transactionContextOf } from './support/transaction-context.ts';

/** The identity stores: organizations, their subscriptions and users, and API keys (which read their holders). */
const createSequelizeIdentityStorage = sequelizeStorageGroup(defineIdentityModels, {
  organizations: storeOf(SequelizeOrganizationStore, identityKinds.organizations),
  subscriptions: storeOf(SequelizeRecordStore, identityKinds.subscriptions),
  users: storeOf(SequelizeRecordStore, identityKinds.users),
  apiKeys: (model, database, context, holders) =>
    new SequelizeApiKeyStore(model, identityKinds.apiKeys, database, context, holders),
});

/** Storage on SQLite or PostgreSQL through Sequelize; the schema comes from the migrations. */
export function createSequelizeStorage(database: DatabaseHandle): StoragePorts {
  const context = transactionContextOf(database);
  const identity = createSequelizeIdentityStorage(database, context);
  return {
    uow: new SequelizeUnitOfWork(database, context),
    readiness: new SequelizeReadinessProbe(database),
    ...identity,
    ...createSequelizeCatalogStorage(database, context),
    ...createSequelizeDatasetStorage(database, context),
    ...createSequelizeEvaluationStorage(database, context),
    ...createSequelizeRunStorage(database, context),
    ...createSequelizeTracingStorage(database, context),
    ...createSequelizeReviewStorage(database, context),
    ...createSequelizeEndpointConnectionStorage(database, context),
    ...createSequelizeOperationsStorage(database, context),
    ...createSequelizeCostStorage(database, context),
    ...createSequelizeDatasetGenerationStorage(database, context),
    ...createSequelizeMonitorStorage(database, context),
    sweeps: new SequelizeSweepStore(database, context),
  };
}
