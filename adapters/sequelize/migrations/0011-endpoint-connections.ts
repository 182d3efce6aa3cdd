import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables and columns as this migration creates them; models build on these. */
export const tables = {
  endpointConnections: {
    id: column.primaryId(),
    organizationId: column.id(),
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
};

/** Endpoint connections: how the platform calls a product's own endpoint. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'endpoint_connections', tables.endpointConnections);
  await createIndex(queryInterface, 'endpoint_connections', ['organizationId', 'name'], { unique: true });
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('endpoint_connections');
}
