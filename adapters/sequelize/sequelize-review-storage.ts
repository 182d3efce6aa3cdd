import type { StoragePorts } from '../../application/ports/ports.ts';
import { reviewKinds } from '../shared/record-kinds/review-kinds.ts';
import { defineReviewModels } from './models/review-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The human-review stores on SQLite or PostgreSQL: user groups and their links. */
export function createSequelizeReviewStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'userGroups' | 'userGroupLinks'> {
  const models = defineReviewModels(database.sequelize);
  return {
    userGroups: new SequelizeRecordStore(models.userGroups, reviewKinds.userGroups, database, context),
    userGroupLinks: new SequelizeBulkRecordStore(models.userGroupLinks, reviewKinds.userGroupLinks, database, context),
  };
}
