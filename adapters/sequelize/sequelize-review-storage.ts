import type { StoragePorts } from '../../application/ports/ports.ts';
import { reviewKinds } from '../shared/record-kinds/review-kinds.ts';
import { defineReviewModels } from './models/review-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

/** The human-review stores on SQLite or PostgreSQL: user groups and their links. */
export const createSequelizeReviewStorage: SequelizeStorage<Pick<StoragePorts, 'userGroups' | 'userGroupLinks'>> =
  sequelizeStorageGroup(defineReviewModels, {
    userGroups: storeOf(SequelizeRecordStore, reviewKinds.userGroups),
    userGroupLinks: storeOf(SequelizeBulkRecordStore, reviewKinds.userGroupLinks),
  });
