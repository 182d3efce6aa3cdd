import type { StoragePorts } from '../../application/ports/ports.ts';
import { monitorKinds } from '../shared/record-kinds/monitor-kinds.ts';
import { defineMonitorModels } from './models/monitor-models.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

type MonitorStores = Pick<StoragePorts, 'monitors' | 'monitorSessions' | 'alertRules' | 'alerts'>;

/** The monitor stores on SQLite or PostgreSQL. */
export const createSequelizeMonitorStorage: SequelizeStorage<MonitorStores> = sequelizeStorageGroup(
  defineMonitorModels,
  {
    monitors: storeOf(SequelizeRecordStore, monitorKinds.monitors),
    monitorSessions: storeOf(SequelizeBulkRecordStore, monitorKinds.monitorSessions),
    alertRules: storeOf(SequelizeBulkRecordStore, monitorKinds.alertRules),
    alerts: storeOf(SequelizeBulkRecordStore, monitorKinds.alerts),
  },
);
