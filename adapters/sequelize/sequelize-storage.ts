import type { StoragePorts } from '../../application/ports/ports.ts';
import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import { identityKinds } from '../shared/record-kinds.ts';
import { defineIdentityModels } from './models/identity-models.ts';
import { createSequelizeCatalogStorage } from './sequelize-catalog-storage.ts';
import { createSequelizeEvaluationStorage } from './sequelize-evaluation-storage.ts';
import { SequelizeOrganizationStore } from './sequelize-organization-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { createSequelizeTracingStorage } from './sequelize-tracing-stores.ts';
import { SequelizeUnitOfWork } from './sequelize-unit-of-work.ts';
import type { DatabaseHandle } from './support/database.ts';
import { transactionContextOf } from './support/transaction-context.ts';

/** Storage on SQLite or PostgreSQL through Sequelize; the schema comes from the migrations. */
export function createSequelizeStorage(database: DatabaseHandle): StoragePorts {
  const context = transactionContextOf(database);
  const identity = defineIdentityModels(database.sequelize);
  return {
    uow: new SequelizeUnitOfWork(database, context),
    organizations: new SequelizeOrganizationStore(
      identity.organizations,
      identityKinds.organizations,
      database,
      context,
    ),
    subscriptions: new SequelizeRecordStore<Subscription>(
      identity.subscriptions,
      identityKinds.subscriptions,
      database,
      context,
    ),
    users: new SequelizeRecordStore<User>(identity.users, identityKinds.users, database, context),
    apiKeys: new SequelizeRecordStore<ApiKey>(identity.apiKeys, identityKinds.apiKeys, database, context),
    ...createSequelizeCatalogStorage(database, context),
    ...createSequelizeEvaluationStorage(database, context),
    ...createSequelizeTracingStorage(database, context),
  };
}
