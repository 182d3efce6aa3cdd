import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle, snakeCase } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these. */
export const tables = {
  monitors: {
    ...ownedRecord(),
    name: column.string(),
    productId: column.id(),
    versionId: column.id({ nullable: true }),
    metricIds: column.json(),
    samplingPercentage: column.number(),
    monthlyCreditCap: column.integer({ nullable: true }),
    contentFilter: column.json({ nullable: true }),
    idleSeconds: column.integer(),
    status: column.string(),
    statusReason: column.text({ nullable: true }),
    creditsUsedThisMonth: column.number(),
    creditMonth: column.string(),
    evaluationCount: column.integer(),
    consecutiveFailures: column.integer(),
    discoveredThrough: column.date(),
    completedThrough: column.date(),
    updatedAt: column.date(),
    ...recordLifecycle(),
  },
  monitorSessions: {
    ...ownedRecord(),
    monitorId: column.id(),
    sessionId: column.id(),
    createdAt: column.date(),
    deletedAt: column.date({ nullable: true }),
  },
  alertRules: {
    ...ownedRecord(),
    monitorId: column.id(),
    metricId: column.id(),
    window: column.string(),
    badScoreBelow: column.number(),
    countThreshold: column.integer(),
    emails: column.json(),
    updatedAt: column.date(),
    ...recordLifecycle(),
  },
  alerts: {
    ...ownedRecord(),
    monitorId: column.id(),
    ruleId: column.id(),
    status: column.string(),
    openedAt: column.date(),
    recoveredAt: column.date({ nullable: true }),
    peakCount: column.integer(),
    ...recordLifecycle(),
  },
};

/** The column this migration adds to `evaluations`: the monitor that queued it (an evaluation has a run or a monitor). */
export const evaluationColumns = { monitorId: column.id({ nullable: true }) };

/**
 * Monitors, their once-only marks, alert rules and alert episodes; evaluations gain their monitor. Indexes lead with
 * the organization and serve the lists, the discovery of completed sessions (finished_at) and the alert counts.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'monitors', tables.monitors);
  await createIndex(queryInterface, 'monitors', ['productId', 'name'], { unique: true });
  await createIndex(queryInterface, 'monitors', ['organizationId', 'createdAt', 'id']);
  await createIndex(queryInterface, 'monitors', ['status']);
  await createTable(queryInterface, 'monitor_sessions', tables.monitorSessions);
  await createIndex(queryInterface, 'monitor_sessions', ['monitorId', 'sessionId'], { unique: true });
  await createIndex(queryInterface, 'monitor_sessions', ['organizationId', 'createdAt', 'id']);
  await createTable(queryInterface, 'alert_rules', tables.alertRules);
  await createIndex(queryInterface, 'alert_rules', ['organizationId', 'monitorId', 'createdAt', 'id']);
  await createTable(queryInterface, 'alerts', tables.alerts);
  await createIndex(queryInterface, 'alerts', ['organizationId', 'monitorId', 'createdAt', 'id']);
  await createIndex(queryInterface, 'alerts', ['organizationId', 'ruleId', 'status']);
  await queryInterface.addColumn('evaluations', snakeCase('monitorId'), { ...evaluationColumns.monitorId });
  await createIndex(queryInterface, 'evaluations', ['organizationId', 'monitorId', 'metricId', 'evaluatedAt']);
  await createIndex(queryInterface, 'sessions', ['organizationId', 'finishedAt']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX sessions_organization_id_finished_at_idx');
  await queryInterface.sequelize.query('DROP INDEX evaluations_organization_id_monitor_id_metric_id_evaluated_at_idx');
  await queryInterface.sequelize.query('ALTER TABLE evaluations DROP COLUMN monitor_id');
  for (const table of ['alerts', 'alert_rules', 'monitor_sessions', 'monitors']) await queryInterface.dropTable(table);
}
