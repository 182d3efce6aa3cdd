import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  evaluations: {
    id: column.primaryId(),
    organizationId: column.id(),
    metricId: column.id(),
    sessionId: column.id(),
    userId: column.id(true),
    status: column.string(),
    testCaseId: column.id(true),
    inferenceResultId: column.id(true),
    runId: column.id(true),
    versionId: column.id(true),
    score: column.number(),
    reason: column.text(),
    error: column.text(),
    canRetry: column.boolean(true),
    creditsUsed: column.integer(true),
    conversationSimulatorVersion: column.string(true),
    humanEvaluatorId: column.id(true),
    humanEvaluatorStartedAt: column.date(),
    failedTurns: column.json(false),
    evaluatedAt: column.date(),
    metricLegacyAt: column.date(),
    metricDisabledAt: column.date(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
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
