import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createTable } from '../support/migration-helpers.ts';
import { tables as costTables } from './0019-costs.ts';

/** The hourly rollups: the daily rollups' columns plus the UTC hour of the day (0–23). */
export const tables = {
  usageHourlyRollups: { ...costTables.usageRollups, hour: column.integer() },
};

const INDEXES = [
  'CREATE UNIQUE INDEX usage_hourly_rollups_key ON usage_hourly_rollups (organization_id, day, hour, version_id, model)',
  'CREATE INDEX usage_hourly_rollups_product_idx ON usage_hourly_rollups (organization_id, product_id, day, hour)',
];

const COUNTS = 'inference_result_count, input_tokens, output_tokens, cache_read_input_tokens, cost_nanos';

/** Every turn so far (deleted ones too, as the rollups count them) summed per organization, day, hour, version, model. */
const fillHourly = (day: string, hour: string) => `INSERT INTO usage_hourly_rollups
    (organization_id, day, hour, version_id, model, product_id, ${COUNTS})
  SELECT r.organization_id, ${day}, ${hour}, s.version_id, COALESCE(r.model, ''), v.product_id, COUNT(*),
    SUM(COALESCE(r.input_tokens, 0)), SUM(COALESCE(r.output_tokens, 0)), SUM(COALESCE(r.cache_read_input_tokens, 0)),
    SUM(COALESCE(r.cost_nanos, 0))
  FROM inference_results r
  JOIN sessions s ON s.id = r.session_id AND s.organization_id = r.organization_id
  JOIN versions v ON v.id = s.version_id AND v.organization_id = r.organization_id
  GROUP BY r.organization_id, ${day}, ${hour}, s.version_id, COALESCE(r.model, ''), v.product_id`;

/** The daily rollups rebuilt from the hourly ones, so both count the same turns. */
const REFILL_DAILY = `INSERT INTO usage_rollups (organization_id, day, version_id, model, product_id, ${COUNTS})
  SELECT organization_id, day, version_id, model, MIN(product_id), SUM(inference_result_count), SUM(input_tokens),
    SUM(output_tokens), SUM(cache_read_input_tokens), SUM(cost_nanos)
  FROM usage_hourly_rollups GROUP BY organization_id, day, version_id, model`;

/**
 * Hourly usage rollups (one row per organization, UTC day, hour, version and model), filled from the turns stored so
 * far; the daily rollups are rebuilt from them so that a range's whole days and whole hours agree.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'usage_hourly_rollups', tables.usageHourlyRollups);
  for (const sql of INDEXES) await queryInterface.sequelize.query(sql);
  const pg = queryInterface.sequelize.getDialect() === 'postgres';
  const day = pg ? `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : 'substr(r.created_at, 1, 10)';
  const hour = pg
    ? `CAST(to_char(r.created_at AT TIME ZONE 'UTC', 'HH24') AS integer)`
    : 'CAST(substr(r.created_at, 12, 2) AS integer)';
  await queryInterface.sequelize.query(fillHourly(day, hour));
  await queryInterface.sequelize.query('DELETE FROM usage_rollups');
  await queryInterface.sequelize.query(REFILL_DAILY);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('usage_hourly_rollups');
}
