import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import {
  CreateAlertRule,
  DeleteAlertRule,
  ListAlertRules,
  ListAlerts,
  UpdateAlertRule,
} from './alert-rule-use-cases.ts';
import { BackfillMonitor } from './backfill-monitor.ts';
import { CreateMonitor } from './create-monitor.ts';
import { DeleteMonitor } from './delete-monitor.ts';
import { DiscoverMonitorSessions } from './discover-monitor-sessions.ts';
import { EvaluateAlerts } from './evaluate-alerts.ts';
import { GetMonitor } from './get-monitor.ts';
import { ListMonitors } from './list-monitors.ts';
import { UpdateMonitor } from './update-monitor.ts';

/** Monitors' use cases: the record, backfill, alert rules and episodes, and the worker's two ticks. */
export function createMonitorUseCases(ports: Ports, settings: Settings) {
  return {
    listMonitors: new ListMonitors(ports),
    getMonitor: new GetMonitor(ports),
    createMonitor: new CreateMonitor(ports),
    updateMonitor: new UpdateMonitor(ports),
    deleteMonitor: new DeleteMonitor(ports),
    backfillMonitor: new BackfillMonitor(ports, settings),
    createAlertRule: new CreateAlertRule(ports),
    listAlertRules: new ListAlertRules(ports),
    updateAlertRule: new UpdateAlertRule(ports),
    deleteAlertRule: new DeleteAlertRule(ports),
    listAlerts: new ListAlerts(ports),
    discoverMonitorSessions: new DiscoverMonitorSessions(ports, settings),
    evaluateAlerts: new EvaluateAlerts(ports, settings),
  };
}
