import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  sessions: {
    id: column.primaryId(),
    organizationId: column.id(),
    versionId: column.id(),
    testCaseId: column.id(true),
    customId: column.string(true),
    runId: column.id(true),
    isProduction: column.boolean(),
    context: column.json(),
    metadata: column.json(),
    status: column.string(),
    stoppingReason: column.text(),
    error: column.text(),
    finishedAt: column.date(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  inferenceResults: {
    id: column.primaryId(),
    organizationId: column.id(),
    sessionId: column.id(),
    input: column.text(),
    output: column.text(),
    retrievalContext: column.json(),
    latency: column.number(),
    inputTokens: column.integer(true),
    outputTokens: column.integer(true),
    totalTokens: column.integer(true),
    cost: column.number(),
    status: column.string(),
    error: column.text(),
    droppedSpanCount: column.integer(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  spans: {
    id: column.primaryId(),
    organizationId: column.id(),
    inferenceResultId: column.id(),
    sessionId: column.id(),
    name: column.text(false),
    type: column.string(),
    description: column.text(),
    inputData: column.json(),
    outputData: column.json(),
    error: column.text(),
    latencyMs: column.number(),
    metadata: column.json(),
    parentTraceId: column.id(true),
    parentPending: column.boolean(),
    startTime: column.date(),
    endTime: column.date(),
    createdAt: column.date(false),
    deletedAt: column.date(),
  },
};

/** Sessions, their inference results (turns) and the spans inside them. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'sessions', tables.sessions);
  await createIndex(queryInterface, 'sessions', ['versionId', 'customId'], { unique: true });
  await createIndex(queryInterface, 'sessions', ['organizationId', 'createdAt']);
  await createIndex(queryInterface, 'sessions', ['organizationId', 'versionId']);
  await createTable(queryInterface, 'inference_results', tables.inferenceResults);
  await createIndex(queryInterface, 'inference_results', ['organizationId', 'sessionId']);
  await createTable(queryInterface, 'spans', tables.spans);
  await createIndex(queryInterface, 'spans', ['organizationId', 'inferenceResultId']);
  await createIndex(queryInterface, 'spans', ['organizationId', 'sessionId']);
  await queryInterface.sequelize.query(
    'CREATE INDEX spans_pending_parent_idx ON spans (organization_id, parent_trace_id) WHERE parent_pending = true',
  );
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of ['spans', 'inference_results', 'sessions']) await queryInterface.dropTable(table);
}
