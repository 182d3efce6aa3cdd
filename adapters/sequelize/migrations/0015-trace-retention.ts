import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';

/** Columns added to `organizations`: the days its spans are kept (null: forever). */
export const organizationRetentionColumns = {
  traceRetentionDays: column.integer({ nullable: true }),
};

/** The tables the purge deletes soft-deleted rows from, each with a small index over its soft-deleted rows only. */
const PURGED_TABLES = ['sessions', 'inference_results', 'spans', 'evaluations'] as const;

/**
 * The indexes the sweep reads by: expired spans per organization by start time, the evaluations that keep an
 * inference result (the one reference no index served), and each purged table's soft-deleted rows by deletion time
 * (partial, so they cost nothing for live rows). Named apart from the list indexes, which other migrations own.
 */
const INDEXES = [
  'CREATE INDEX spans_retention_idx ON spans (organization_id, start_time) WHERE start_time IS NOT NULL',
  'CREATE INDEX evaluations_inference_result_ref_idx ON evaluations (inference_result_id) WHERE inference_result_id IS NOT NULL',
  ...PURGED_TABLES.map(
    (table) => `CREATE INDEX ${table}_purge_idx ON ${table} (deleted_at) WHERE deleted_at IS NOT NULL`,
  ),
];

const INDEX_NAMES = [
  'spans_retention_idx',
  'evaluations_inference_result_ref_idx',
  ...PURGED_TABLES.map((t) => `${t}_purge_idx`),
];

/** Trace retention per organization, and the indexes the retention and purge sweep needs. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.addColumn('organizations', 'trace_retention_days', {
    ...organizationRetentionColumns.traceRetentionDays,
  });
  for (const sql of INDEXES) await queryInterface.sequelize.query(sql);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const name of INDEX_NAMES) await queryInterface.sequelize.query(`DROP INDEX ${name}`);
  await queryInterface.sequelize.query('ALTER TABLE organizations DROP COLUMN trace_retention_days');
}
