import type { QueryInterface } from 'sequelize';

/**
 * Per organization, a bound on how long after its start any span was stored: `max_lag_ms` ≥ created_at −
 * start_time of every span it ever held (deleted and purged ones too; a bound only ever rises). A list of spans that
 * started before an instant, newest stored first, reads only the spans that started within that bound of the page's
 * oldest candidate (adapters/sequelize/support/lag-window.ts), so its cost is the page's, not the range's.
 */
const CREATE = `CREATE TABLE span_lag_bounds (
  organization_id VARCHAR(80) NOT NULL PRIMARY KEY,
  max_lag_ms BIGINT NOT NULL
)`;

/**
 * The bounds of the spans stored so far, one INSERT … SELECT (also what the scale benchmark runs after its seed): the
 * longest lag of each organization's spans in whole milliseconds, rounded up, from its timestamps. SQLite's is
 * truncated (it may lack CEIL) and julianday's double keeps microseconds of error today: 2 ms more covers both.
 */
const FILL = {
  postgres: `INSERT INTO span_lag_bounds (organization_id, max_lag_ms)
    SELECT organization_id, CEIL(MAX(EXTRACT(EPOCH FROM (created_at - start_time)) * 1000))
    FROM spans WHERE start_time IS NOT NULL GROUP BY organization_id`,
  sqlite: `INSERT INTO span_lag_bounds (organization_id, max_lag_ms)
    SELECT organization_id, CAST(MAX((julianday(created_at) - julianday(start_time)) * 86400000) AS INTEGER) + 2
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
