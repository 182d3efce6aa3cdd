import type { QueryInterface } from 'sequelize';

/**
 * The discovery tick reads the watched monitors in pages ordered by how far they have looked (completed_through, id),
 * each page following the last by those values. Without this index every page sorted all watched monitors again, so
 * a tick over many monitors cost their number squared.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query(
    'CREATE INDEX monitors_completed_through_id_idx ON monitors (completed_through, id)',
  );
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX monitors_completed_through_id_idx');
}
