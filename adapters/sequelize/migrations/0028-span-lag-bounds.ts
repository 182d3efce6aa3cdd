import type { QueryInterface } from 'sequelize';

/**
 * Per organization, how long after their start its spans were stored: `min_lag_ms` ≤ created_at − start_time ≤
 * `max_lag_ms` for every span it ever held (deleted and purged ones too; the range only ever widens). A list of spans
 * that started before an instant, newest stored first, reads only the spans that started within that range of its
 * page (adapters/sequelize/support/lag-window.ts), so its cost is the page's, not the range's.
 */
const CREATE = `CREATE TABLE span_lag_bounds (
  organization_id VARCHAR(80) NOT NULL PRIMARY KEY,
  min_lag_ms BIGINT NOT NULL,
  max_lag_ms BIGINT NOT NULL
)`;

/**
 * The bounds of the spans stored so far, one INSERT … SELECT (also what the scale benchmark runs after its seed): the
 * shortest and longest lag of each organization's spans in whole milliseconds, rounded outwards, from its timestamps.
 * SQLite's are truncated (it may lack FLOOR and CEIL) and julianday's double keeps microseconds of error today: 2 ms
 * more on each side covers both.
 */
const FILL = {
  postgres: `INSERT INTO span_lag_bounds (organization_id, min_lag_ms, max_lag_ms)
    SELECT organization_id, FLOOR(MIN(EXTRACT(EPOCH FROM (created_at - start_time)) * 1000)),
      CEIL(MAX(EXTRACT(EPOCH FROM (created_at - start_time)) * 1000))
    FROM spans WHERE start_time IS NOT NULL GROUP BY organization_id`,
  sqlite: `INSERT INTO span_lag_bounds (organization_id, min_lag_ms, max_lag_ms)
    SELECT organization_id, CAST(MIN((julianday(created_at) - julianday(start_time)) * 86400000) AS INTEGER) - 2,
      CAST(MAX((julianday(created_at) - julianday(start_time)) * 86400000) AS INTEGER) + 2
    FROM spans WHERE start_time IS NOT NULL GROUP BY organization_id`,
} as const;

export const fillLagBounds = (dialect: 'postgres' | 'sqlite'): string => FILL[dialect];

export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  const dialect = queryInterface.sequelize.getDialect() === 'postgres' ? 'postgres' : 'sqlite';
  await queryInterface.sequelize.query(CREATE);
  await queryInterface.sequelize.query(fillLagBounds(dialect));
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('span_lag_bounds');
}
