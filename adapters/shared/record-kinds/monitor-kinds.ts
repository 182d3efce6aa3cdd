import type { Alert } from '../../../domain/monitor/alert.ts';
import type { AlertRule } from '../../../domain/monitor/alert-rule.ts';
import type { Monitor } from '../../../domain/monitor/monitor.ts';
import type { MonitorSession } from '../../../domain/monitor/monitor-session.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Monitors, their once-only marks on sessions, their alert rules and the rules' episodes. */
export const monitorKinds = {
  monitors: ownedRecordKind<Monitor>({
    name: 'Monitor',
    unique: [['productId', 'name']],
    fields: {
      name: true,
      productId: true,
      versionId: true,
      metricIds: true,
      samplingPercentage: true,
      monthlyCreditCap: true,
      contentFilter: true,
      idleSeconds: true,
      status: true,
      statusReason: true,
      creditsUsedThisMonth: true,
      creditMonth: true,
      evaluationCount: true,
      consecutiveFailures: true,
      discoveredThrough: true,
      completedThrough: true,
      updatedAt: true,
      version: true,
    },
  }),
  monitorSessions: ownedRecordKind<MonitorSession>({
    name: 'MonitorSession',
    publicName: 'Monitored session',
    unique: [['monitorId', 'sessionId']],
    fields: { monitorId: true, sessionId: true },
  }),
  alertRules: ownedRecordKind<AlertRule>({
    name: 'AlertRule',
    publicName: 'Alert rule',
    fields: {
      monitorId: true,
      metricId: true,
      window: true,
      badScoreBelow: true,
      countThreshold: true,
      emails: true,
      updatedAt: true,
      version: true,
    },
  }),
  alerts: ownedRecordKind<Alert>({
    name: 'Alert',
    uniqueWhen: [{ fields: ['ruleId'], when: { status: 'OPEN' } }],
    fields: {
      monitorId: true,
      ruleId: true,
      status: true,
      openedAt: true,
      recoveredAt: true,
      peakCount: true,
      notifiedStatus: true,
      mailPending: true,
      mailAttempts: true,
      mailAttemptedAt: true,
      version: true,
    },
  }),
};
