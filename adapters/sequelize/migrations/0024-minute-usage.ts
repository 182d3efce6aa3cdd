import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createTable } from '../support/migration-helpers.ts';
import { tables as hourlyTables } from './0020-hourly-usage.ts';

/** The minute rollups: the hourly rollups' columns plus the minute of the hour (0–59). */
export const tables = {
  usageMinuteRollups: { ...hourlyTables.usageHourlyRollups, minute: column.integer() },
};

const INDEXES = [
  `CREATE UNIQUE INDEX usage_minute_rollups_key
    ON usage_minute_rollups (organization_id, day, hour, minute, version_id, model)`,
];

const COUNTS = 'inference_result_count, input_tokens, output_tokens, cache_read_input_tokens, cost_nanos';

/**
 * Every turn still stored (deleted ones too, as the rollups count them) summed per organization, day, hour, minute,
 * version and model: one INSERT … SELECT, so the database does the work however many turns there are.
 */
const fillMinutes = (day: string, hour: string, minute: string) => `INSERT INTO usage_minute_rollups
    (organization_id, day, hour, minute, version_id, model, product_id, ${COUNTS})
  SELECT r.organization_id, ${day}, ${hour}, ${minute}, s.version_id, COALESCE(r.model, ''), v.product_id, COUNT(*),
    SUM(COALESCE(r.input_tokens, 0)), SUM(COALESCE(r.output_tokens, 0)), SUM(COALESCE(r.cache_read_input_tokens, 0)),
    SUM(COALESCE(r.cost_nanos, 0))
  FROM inference_results r
  JOIN sessions s ON s.id = r.session_id AND s.organization_id = r.organization_id
  JOIN versions v ON v.id = s.version_id AND v.organization_id = r.organization_id
  GROUP BY r.organization_id, ${day}, ${hour}, ${minute}, s.version_id, COALESCE(r.model, ''), v.product_id`;

/** A turn's UTC day, hour and minute as SQL: PostgreSQL from its timestamp, SQLite from its stored text. */
const POSTGRES_PARTS = [
  `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  `CAST(to_char(r.created_at AT TIME ZONE 'UTC', 'HH24') AS integer)`,
  `CAST(to_char(r.created_at AT TIME ZONE 'UTC', 'MI') AS integer)`,
] as const;
const SQLITE_PARTS = [
  'substr(r.created_at, 1, 10)',
  'CAST(substr(r.created_at, 12, 2) AS integer)',
  'CAST(substr(r.created_at, 15, 2) AS integer)',
] as const;

/**
 * Minute usage rollups (one row per organization, UTC day, hour, minute, version and model), filled from the turns
 * stored so far. The daily and hourly rollups are left as they are: they may still count turns purged for good, which
 * no rebuild from the turns could bring back.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'usage_minute_rollups', tables.usageMinuteRollups);
  for (const sql of INDEXES) await queryInterface.sequelize.query(sql);
  const pg = queryInterface.sequelize.getDialect() === 'postgres';
  const [day, hour, minute] = pg ? POSTGRES_PARTS : SQLITE_PARTS;
  await queryInterface.sequelize.query(fillMinutes(day, hour, minute));
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('usage_minute_rollups');
}
