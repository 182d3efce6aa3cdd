import type { QueryInterface } from 'sequelize';

/**
 * The tables the purge deletes soft-deleted rows from besides those 0015 indexed (sessions, inference results, spans,
 * evaluations): each gets a small index over its soft-deleted rows only, so a sweep with nothing to purge reads no
 * live row (test cases can be 100,000 an organization).
 */
const PURGED_TABLES = [
  'monitor_sessions',
  'alerts',
  'alert_rules',
  'monitors',
  'generation_items',
  'launches',
  'runs',
  'generation_jobs',
  'test_cases',
  'datasets',
  'knowledge_files',
  'specifications',
  'versions',
  'metrics',
  'products',
  'user_group_links',
  'user_groups',
  'api_keys',
  'mfa_challenges',
  'users',
  'endpoint_connections',
  'repricings',
  'model_prices',
] as const;

/** What hangs under a deleted run or monitor is found by it (no index served these, or only for live rows). */
const BY_PARENT = [
  ['generation_items_organization_id_run_id_idx', 'generation_items (organization_id, run_id)'],
  ['monitor_sessions_organization_id_monitor_id_idx', 'monitor_sessions (organization_id, monitor_id)'],
] as const;

/** The partial deletion-time index of every purged table, and the indexes children of a deleted parent are found by. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of PURGED_TABLES)
    await queryInterface.sequelize.query(
      `CREATE INDEX ${table}_purge_idx ON ${table} (deleted_at) WHERE deleted_at IS NOT NULL`,
    );
  for (const [name, definition] of BY_PARENT)
    await queryInterface.sequelize.query(`CREATE INDEX ${name} ON ${definition}`);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [name] of BY_PARENT) await queryInterface.sequelize.query(`DROP INDEX ${name}`);
  for (const table of PURGED_TABLES) await queryInterface.sequelize.query(`DROP INDEX ${table}_purge_idx`);
}
