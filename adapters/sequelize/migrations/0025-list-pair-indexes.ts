import type { QueryInterface } from 'sequelize';

/**
 * Two list pairs that no single-field index keeps flat (docs/performance.md, "Lists at scale"):
 * - evaluations by metric and status together: the metric's index alone reads every evaluation of the metric to
 *   find the few with the status when the two rarely meet; (organization, metric, status, createdAt, id) seeks the
 *   pair and reads it in the default order.
 * - spans by name sorted by start time: the name's index alone reads every span of the name and sorts them;
 *   (organization, name, startTime, createdAt, id) reads the page in order (both directions). One more index on
 *   spans costs span ingestion a little, measured in docs/performance.md.
 */
const ADDED: readonly (readonly [name: string, definition: string])[] = [
  [
    'evaluations_organization_id_metric_id_status_created_at_id_idx',
    'evaluations (organization_id, metric_id, status, created_at, id)',
  ],
  [
    'spans_organization_id_name_start_time_created_at_id_idx',
    'spans (organization_id, name, start_time, created_at, id)',
  ],
];

export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [name, definition] of ADDED) await queryInterface.sequelize.query(`CREATE INDEX ${name} ON ${definition}`);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [name] of ADDED) await queryInterface.sequelize.query(`DROP INDEX ${name}`);
}
