import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  sessions: {
    ...ownedRecord(),
    versionId: column.id(),
    testCaseId: column.id({ nullable: true }),
    customId: column.string({ nullable: true }),
    runId: column.id({ nullable: true }),
    isProduction: column.boolean(),
    context: column.json({ nullable: true }),
    metadata: column.json({ nullable: true }),
    status: column.string(),
    stoppingReason: column.text({ nullable: true }),
    error: column.text({ nullable: true }),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
  inferenceResults: {
    ...ownedRecord(),
    sessionId: column.id(),
    input: column.text({ nullable: true }),
    output: column.text({ nullable: true }),
    retrievalContext: column.json({ nullable: true }),
    latency: column.number({ nullable: true }),
    inputTokens: column.integer({ nullable: true }),
    outputTokens: column.integer({ nullable: true }),
    totalTokens: column.integer({ nullable: true }),
    cost: column.number({ nullable: true }),
    status: column.string(),
    error: column.text({ nullable: true }),
    droppedSpanCount: column.integer(),
    ...recordLifecycle(),
  },
  spans: {
    ...ownedRecord(),
    inferenceResultId: column.id(),
    sessionId: column.id(),
    name: column.text(),
    type: column.string(),
    description: column.text({ nullable: true }),
    inputData: column.json({ nullable: true }),
    outputData: column.json({ nullable: true }),
    error: column.text({ nullable: true }),
    latencyMs: column.number({ nullable: true }),
    metadata: column.json({ nullable: true }),
    parentTraceId: column.id({ nullable: true }),
    parentPending: column.boolean(),
    startTime: column.date({ nullable: true }),
    endTime: column.date({ nullable: true }),
    createdAt: column.date(),
    deletedAt: column.date({ nullable: true }),
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
