import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables and columns as this migration creates them; models build on these. */
export const tables = {
  generationJobs: {
    ...ownedRecord(),
    datasetId: column.id(),
    userId: column.id(),
    kind: column.string(),
    state: column.string(),
    activeDatasetId: column.id({ nullable: true }),
    maxTestCases: column.integer(),
    languageCode: column.string(),
    parameters: column.json(),
    doneCount: column.integer(),
    callCount: column.integer(),
    error: column.text({ nullable: true }),
    startedAt: column.date({ nullable: true }),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
  knowledgeFiles: {
    ...ownedRecord(),
    userId: column.id(),
    filename: column.string(),
    mimeType: column.string(),
    sizeBytes: column.integer(),
    text: column.text(),
    createdAt: column.date(),
    deletedAt: column.date({ nullable: true }),
  },
};

/**
 * Generation jobs (one queued or active per dataset: the unique index on `active_dataset_id`, null once a job ends)
 * and the knowledge files they read, stored with their extracted text.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'generation_jobs', tables.generationJobs);
  await createIndex(queryInterface, 'generation_jobs', ['organizationId', 'createdAt', 'id']);
  await createIndex(queryInterface, 'generation_jobs', ['organizationId', 'datasetId', 'createdAt']);
  await createIndex(queryInterface, 'generation_jobs', ['organizationId', 'state', 'createdAt']);
  await createIndex(queryInterface, 'generation_jobs', ['activeDatasetId'], { unique: true });
  await createIndex(queryInterface, 'generation_jobs', ['state', 'createdAt']);
  await createTable(queryInterface, 'knowledge_files', tables.knowledgeFiles);
  await createIndex(queryInterface, 'knowledge_files', ['organizationId', 'createdAt', 'id']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('knowledge_files');
  await queryInterface.dropTable('generation_jobs');
}
