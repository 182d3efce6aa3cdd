import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  evaluations: {
    ...ownedRecord(),
    metricId: column.id(),
    sessionId: column.id(),
    userId: column.id({ nullable: true }),
    status: column.string(),
    testCaseId: column.id({ nullable: true }),
    inferenceResultId: column.id({ nullable: true }),
    runId: column.id({ nullable: true }),
    versionId: column.id({ nullable: true }),
    score: column.number({ nullable: true }),
    reason: column.text({ nullable: true }),
    error: column.text({ nullable: true }),
    canRetry: column.boolean({ nullable: true }),
    creditsUsed: column.integer({ nullable: true }),
    conversationSimulatorVersion: column.string({ nullable: true }),
    humanEvaluatorId: column.id({ nullable: true }),
    humanEvaluatorStartedAt: column.date({ nullable: true }),
    failedTurns: column.json(),
    evaluatedAt: column.date({ nullable: true }),
    metricLegacyAt: column.date({ nullable: true }),
    metricDisabledAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
};

/** Evaluations: one per session (or turn) and metric. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'evaluations', tables.evaluations);
  await createIndex(queryInterface, 'evaluations', ['organizationId', 'createdAt']);
  await createIndex(queryInterface, 'evaluations', ['sessionId']);
  await createIndex(queryInterface, 'evaluations', ['runId']);
  await createIndex(queryInterface, 'evaluations', ['status', 'createdAt']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('evaluations');
}
