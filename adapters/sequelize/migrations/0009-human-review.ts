import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { SortableIdGenerator } from '../../system/sortable-id-generator.ts';
import { column, ownedRecord } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables and columns as this migration creates them; models build on these. */
export const tables = {
  userGroups: {
    ...ownedRecord(),
    name: column.string(),
    description: column.text({ nullable: true }),
    allProducts: column.boolean(),
    createdAt: column.date(),
    updatedAt: column.date(),
    deletedAt: column.date({ nullable: true }),
    version: column.integer(),
  },
  userGroupLinks: {
    ...ownedRecord(),
    userGroupId: column.id(),
    targetKind: column.string(),
    targetId: column.id(),
    createdAt: column.date(),
    deletedAt: column.date({ nullable: true }),
  },
};

/** Columns this migration adds to `evaluations`: a reviewer's score and reason. */
export const evaluationColumns = {
  humanScore: column.number({ nullable: true }),
  humanReason: column.text({ nullable: true }),
};

interface MetricGroups {
  readonly id: string;
  readonly organization_id: string;
  readonly user_group_ids: string | string[] | null;
}

const parsed = (value: MetricGroups['user_group_ids']): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])).filter(
    (id: unknown): id is string => typeof id === 'string' && id.trim() !== '',
  );

/**
 * The ids metrics named before groups existed become groups of the metric's organization (named after the id, with
 * no users and no products, so they grant nothing until an OWNER fills them) linked to those metrics. An id keeps
 * its value when it fits the id column and no other organization took it first; otherwise the group gets a new id.
 */
async function moveMetricGroups(queryInterface: QueryInterface): Promise<void> {
  const metrics = await queryInterface.sequelize.query<MetricGroups>(
    'SELECT id, organization_id, user_group_ids FROM metrics WHERE deleted_at IS NULL ORDER BY created_at, id',
    { type: QueryTypes.SELECT },
  );
  const ids = new SortableIdGenerator();
  const now = new Date();
  const groups = new Map<string, { id: string; organization_id: string; name: string }>();
  const taken = new Set<string>();
  const links: Record<string, unknown>[] = [];
  for (const metric of metrics) {
    for (const named of new Set(parsed(metric.user_group_ids))) {
      const key = `${metric.organization_id}\u0000${named}`;
      let group = groups.get(key);
      if (!group) {
        const id = named.length <= 80 && !taken.has(named) ? named : ids.next('userGroup');
        group = { id, organization_id: metric.organization_id, name: named.slice(0, 255) };
        groups.set(key, group);
        taken.add(id);
      }
      links.push({
        id: ids.next('userGroupLink'),
        organization_id: metric.organization_id,
        user_group_id: group.id,
        target_kind: 'metric',
        target_id: metric.id,
        created_at: now,
        deleted_at: null,
      });
    }
  }
  const groupRows = [...groups.values()].map((group) => ({
    ...group,
    description: 'Created from the user group ids metrics held before user groups existed',
    all_products: false,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    version: 0,
  }));
  if (groupRows.length > 0) await queryInterface.bulkInsert('user_groups', groupRows);
  if (links.length > 0) await queryInterface.bulkInsert('user_group_links', links);
}

/** User groups and their links; human scores on evaluations; metrics' group ids move to the links. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'user_groups', tables.userGroups);
  await createIndex(queryInterface, 'user_groups', ['organizationId', 'name'], { unique: true });
  await createTable(queryInterface, 'user_group_links', tables.userGroupLinks);
  await createIndex(queryInterface, 'user_group_links', ['userGroupId', 'targetKind', 'targetId'], { unique: true });
  await createIndex(queryInterface, 'user_group_links', ['organizationId', 'targetKind', 'targetId']);
  await queryInterface.addColumn('evaluations', 'human_score', { ...evaluationColumns.humanScore });
  await queryInterface.addColumn('evaluations', 'human_reason', { ...evaluationColumns.humanReason });
  await moveMetricGroups(queryInterface);
  await queryInterface.sequelize.query('ALTER TABLE metrics DROP COLUMN user_group_ids');
}

/** The live metric links back into each metric's list, in link order. */
const restoreMetricGroups = {
  postgres: `UPDATE metrics SET user_group_ids = COALESCE((
      SELECT json_agg(link.user_group_id ORDER BY link.created_at, link.id) FROM user_group_links link
      WHERE link.target_kind = 'metric' AND link.target_id = metrics.id AND link.deleted_at IS NULL), '[]'::json)`,
  sqlite: `UPDATE metrics SET user_group_ids = (
      SELECT json_group_array(user_group_id) FROM (SELECT link.user_group_id FROM user_group_links link
      WHERE link.target_kind = 'metric' AND link.target_id = metrics.id AND link.deleted_at IS NULL
      ORDER BY link.created_at, link.id))`,
};

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.addColumn('metrics', 'user_group_ids', {
    type: DataTypes.JSON,
    allowNull: false,
    defaultValue: '[]',
  });
  const dialect = queryInterface.sequelize.getDialect() === 'postgres' ? 'postgres' : 'sqlite';
  await queryInterface.sequelize.query(restoreMetricGroups[dialect]);
  await queryInterface.sequelize.query('ALTER TABLE evaluations DROP COLUMN human_reason');
  await queryInterface.sequelize.query('ALTER TABLE evaluations DROP COLUMN human_score');
  await queryInterface.dropTable('user_group_links');
  await queryInterface.dropTable('user_groups');
}
