import type { Sequelize } from 'sequelize';
import { monitorKinds } from '../../shared/record-kinds/monitor-kinds.ts';
import { tables } from '../migrations/0021-monitors.ts';
import { alertColumns } from '../migrations/0022-alert-once.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the monitor tables: monitors, their marks on sessions, alert rules and alerts. */
export const defineMonitorModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    monitors: recordModel(monitorKinds.monitors, { table: 'monitors', columns: tables.monitors }),
    monitorSessions: recordModel(monitorKinds.monitorSessions, {
      table: 'monitor_sessions',
      columns: tables.monitorSessions,
    }),
    alertRules: recordModel(monitorKinds.alertRules, { table: 'alert_rules', columns: tables.alertRules }),
    alerts: recordModel(monitorKinds.alerts, { table: 'alerts', columns: { ...tables.alerts, ...alertColumns } }),
  });
