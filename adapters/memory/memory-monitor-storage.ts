import type { StoragePorts } from '../../application/ports/ports.ts';
import { monitorKinds } from '../shared/record-kinds/monitor-kinds.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The monitor stores of the in-memory world. */
export function createMemoryMonitorStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'monitors' | 'monitorSessions' | 'alertRules' | 'alerts'> {
  return {
    monitors: new MemoryRecordStore(monitorKinds.monitors, uow),
    monitorSessions: new MemoryBulkRecordStore(monitorKinds.monitorSessions, uow),
    alertRules: new MemoryBulkRecordStore(monitorKinds.alertRules, uow),
    alerts: new MemoryBulkRecordStore(monitorKinds.alerts, uow),
  };
}
