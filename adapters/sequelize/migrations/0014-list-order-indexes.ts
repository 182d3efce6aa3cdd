import type { QueryInterface } from 'sequelize';
import { createIndex } from '../support/migration-helpers.ts';

/** The tables of the organization-owned records the API lists. */
const LISTED = [
  'users',
  'api_keys',
  'products',
  'versions',
  'specifications',
  'metrics',
  'datasets',
  'test_cases',
  'sessions',
  'inference_results',
  'spans',
  'evaluations',
  'runs',
  'user_groups',
  'endpoint_connections',
] as const;

/** Indexes on (organization, creation time) that the new ones replace: they are their prefix. */
const REPLACED = ['sessions', 'evaluations', 'runs'] as const;

/**
 * Every list's default order (newest first, then the id) is served by an index: read in index order from the
 * organization's newest row, a page and a cursor's next page stop after the rows they show, whatever the size.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of LISTED) await createIndex(queryInterface, table, ['organizationId', 'createdAt', 'id']);
  await createIndex(queryInterface, 'organizations', ['createdAt', 'id']);
  for (const table of REPLACED)
    await queryInterface.sequelize.query(`DROP INDEX ${table}_organization_id_created_at_idx`);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of REPLACED) await createIndex(queryInterface, table, ['organizationId', 'createdAt']);
  await queryInterface.sequelize.query('DROP INDEX organizations_created_at_id_idx');
  for (const table of LISTED)
    await queryInterface.sequelize.query(`DROP INDEX ${table}_organization_id_created_at_id_idx`);
}
