import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle, snakeCase } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  runs: {
    ...ownedRecord(),
    productId: column.id(),
    versionId: column.id({ nullable: true }),
    userId: column.id({ nullable: true }),
    ordinal: column.integer(),
    customId: column.string({ nullable: true }),
    relaunchedFromRunId: column.id({ nullable: true }),
    openedBy: column.string(),
    status: column.string(),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
  launches: {
    ...ownedRecord(),
    runId: column.id(),
    kind: column.string(),
    status: column.string(),
    request: column.json(),
    error: column.text({ nullable: true }),
    relaunchedFromLaunchId: column.id({ nullable: true }),
    startedAt: column.date({ nullable: true }),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
};

/** Columns this migration adds to tables of earlier ones. */
export const addedColumns = {
  evaluations: { launchId: column.id({ nullable: true }) },
};

/** Runs and their launches; every evaluation names the launch that created it. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'runs', tables.runs);
  await createIndex(queryInterface, 'runs', ['productId', 'ordinal'], { unique: true });
  await createIndex(queryInterface, 'runs', ['productId', 'customId'], { unique: true });
  await createIndex(queryInterface, 'runs', ['organizationId', 'createdAt']);
  await createTable(queryInterface, 'launches', tables.launches);
  await createIndex(queryInterface, 'launches', ['runId']);
  await createIndex(queryInterface, 'launches', ['status', 'createdAt']);
  for (const [field, options] of Object.entries(addedColumns.evaluations))
    await queryInterface.addColumn('evaluations', snakeCase(field), { ...options });
  await createIndex(queryInterface, 'evaluations', ['launchId', 'status']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  // Plain SQL on both dialects: SQLite's table-copying removeColumn would drop the other indexes of evaluations.
  await queryInterface.sequelize.query('DROP INDEX evaluations_launch_id_status_idx');
  await queryInterface.sequelize.query('ALTER TABLE evaluations DROP COLUMN launch_id');
  for (const table of ['launches', 'runs']) await queryInterface.dropTable(table);
}
