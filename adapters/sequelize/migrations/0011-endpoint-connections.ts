import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables and columns as this migration creates them; models build on these. */
export const tables = {
  endpointConnections: {
    ...ownedRecord(),
    name: column.string(),
    url: column.text(),
    httpMethod: column.string(),
    authType: column.string(),
    apiKeyHeader: column.string({ nullable: true }),
    sealedSecret: column.text({ nullable: true }),
    headers: column.json(),
    inputTemplate: column.text(),
    outputMapping: column.json(),
    timeoutMs: column.integer(),
    retries: column.integer(),
    maxConcurrency: column.integer(),
    rateLimitPerMinute: column.integer({ nullable: true }),
    conversationEndRules: column.json(),
    createdAt: column.date(),
    updatedAt: column.date(),
    deletedAt: column.date({ nullable: true }),
    version: column.integer(),
  },
  generationItems: {
    ...ownedRecord(),
    launchId: column.id(),
    runId: column.id(),
    versionId: column.id(),
    testCaseId: column.id(),
    specificationId: column.id(),
    metricIds: column.json(),
    status: column.string(),
    sessionId: column.id({ nullable: true }),
    error: column.text({ nullable: true }),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
};

/** Columns this migration adds to `launches`: a generating launch's progress. */
export const launchColumns = {
  progress: column.json({ nullable: true }),
};

/** Endpoint connections; generation items (one per test case of a generating launch); launches' progress. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'endpoint_connections', tables.endpointConnections);
  await createIndex(queryInterface, 'endpoint_connections', ['organizationId', 'name'], { unique: true });
  await createTable(queryInterface, 'generation_items', tables.generationItems);
  await createIndex(queryInterface, 'generation_items', ['launchId', 'testCaseId'], { unique: true });
  await createIndex(queryInterface, 'generation_items', ['status', 'createdAt']);
  await queryInterface.addColumn('launches', 'progress', { ...launchColumns.progress });
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('ALTER TABLE launches DROP COLUMN progress');
  await queryInterface.dropTable('generation_items');
  await queryInterface.dropTable('endpoint_connections');
}
