import test from 'ava';
import { QueryTypes } from 'sequelize';
import { migrations } from '../../adapters/sequelize/migrations/index.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';

const names = (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const before = migrations.slice(
  0,
  migrations.findIndex((migration) => migration.name === '0009-human-review'),
);
const humanReview = migrations.find((migration) => migration.name === '0009-human-review')!;

const metricRow = (id: string, organizationId: string, userGroupIds: unknown, deletedAt: string | null = null) => ({
  id,
  organization_id: organizationId,
  name: id,
  description: null,
  tags: '[]',
  source: 'HUMAN',
  judge_prompt: null,
  evaluation_params: '["input","actualOutput"]',
  judge_model: null,
  algorithm: null,
  user_group_ids: JSON.stringify(userGroupIds),
  metric_group_id: id,
  parent_metric_id: null,
  legacy_at: null,
  disabled_at: null,
  active_name: deletedAt ? null : id,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, Number(id.slice(-1)))),
  deleted_at: deletedAt ? new Date(deletedAt) : null,
  version: 0,
});

for (const name of names) {
  test(`${name}: 0009 turns the group ids metrics held into groups and links, and down puts them back`, async (t) => {
    const database = await createTestDatabase(name);
    const handle = openDatabase(database.url);
    const queryInterface = handle.sequelize.getQueryInterface();
    const select = <T extends object>(sql: string) => handle.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
    try {
      for (const migration of before) await migration.up({ context: queryInterface });
      const long = `team-${'x'.repeat(90)}`;
      await queryInterface.bulkInsert('metrics', [
        metricRow('metric_1', 'organization_a', ['userGroup_reviewers', 'userGroup_experts']),
        metricRow('metric_2', 'organization_a', ['userGroup_reviewers', 'userGroup_reviewers']),
        metricRow('metric_3', 'organization_b', ['userGroup_reviewers', long]),
        metricRow('metric_4', 'organization_a', ['userGroup_gone'], '2026-01-02T00:00:00.000Z'),
        metricRow('metric_5', 'organization_a', []),
      ]);
      await humanReview.up({ context: queryInterface });

      const groups = await select<{ id: string; organization_id: string; name: string; all_products: unknown }>(
        'SELECT id, organization_id, name, all_products FROM user_groups ORDER BY organization_id, name',
      );
      t.deepEqual(
        groups.map((group) => [group.organization_id, group.name]),
        [
          ['organization_a', 'userGroup_experts'],
          ['organization_a', 'userGroup_reviewers'],
          ['organization_b', long],
          ['organization_b', 'userGroup_reviewers'],
        ],
        'one group per organization and id named; a deleted metric brings none',
      );
      const idOf = (organization: string, groupName: string) =>
        groups.find((group) => group.organization_id === organization && group.name === groupName)!.id;
      t.is(idOf('organization_a', 'userGroup_reviewers'), 'userGroup_reviewers', 'an id that fits keeps its value');
      t.regex(idOf('organization_b', 'userGroup_reviewers'), /^userGroup_[0-9a-z]{26}$/, 'a taken id is renewed');
      t.regex(idOf('organization_b', long), /^userGroup_[0-9a-z]{26}$/, 'an id too long for the column is renewed');
      t.true(
        groups.every((group) => !group.all_products),
        'imported groups cover no product until told',
      );

      const links = await select<{ user_group_id: string; target_id: string; target_kind: string }>(
        'SELECT user_group_id, target_id, target_kind FROM user_group_links ORDER BY target_id, created_at, id',
      );
      t.deepEqual(
        links.map((link) => [link.target_id, link.user_group_id, link.target_kind]),
        [
          ['metric_1', 'userGroup_reviewers', 'metric'],
          ['metric_1', 'userGroup_experts', 'metric'],
          ['metric_2', 'userGroup_reviewers', 'metric'],
          ['metric_3', idOf('organization_b', 'userGroup_reviewers'), 'metric'],
          ['metric_3', idOf('organization_b', long), 'metric'],
        ],
      );
      const columns = Object.keys(await queryInterface.describeTable('metrics'));
      t.false(columns.includes('user_group_ids'), 'the links are the one record: the column is gone');
      t.true(Object.keys(await queryInterface.describeTable('evaluations')).includes('human_score'));

      await humanReview.down({ context: queryInterface });
      const restored = await select<{ id: string; user_group_ids: string | string[] }>(
        'SELECT id, user_group_ids FROM metrics ORDER BY id',
      );
      const parse = (value: string | string[]) => (typeof value === 'string' ? JSON.parse(value) : value);
      t.deepEqual(
        restored.map((metric) => [metric.id, parse(metric.user_group_ids)]),
        [
          ['metric_1', ['userGroup_reviewers', 'userGroup_experts']],
          ['metric_2', ['userGroup_reviewers']],
          ['metric_3', [idOf('organization_b', 'userGroup_reviewers'), idOf('organization_b', long)]],
          ['metric_4', []],
          ['metric_5', []],
        ],
      );
    } finally {
      await handle.sequelize.close();
      await database.drop();
    }
  });
}
