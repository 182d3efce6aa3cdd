// Migration 0028 on SQLite and PostgreSQL: each organization's range of span lags is filled from the spans already
// stored (deleted ones too), holding every lag and at most 3 ms wider on each side; none without a start time.
import test from 'ava';
import { migrations } from '../../adapters/sequelize/migrations/index.ts';
import { postgresAvailable } from '../support/databases.ts';
import { withMigratedDatabase } from '../support/migrated-database.ts';
import { span as storedSpan } from './sweep-records.ts';

const names = (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const lagBounds = migrations.find((migration) => migration.name === '0028-span-lag-bounds')!;

const span = (organizationId: string, id: string, startTime: string | null, createdAt: string, deleted = false) =>
  storedSpan(organizationId, id, 'ir_1', 'session_1', { startTime, createdAt, deletedAt: deleted ? createdAt : null });

for (const name of names) {
  test(`${name}: 0028 fills each organization's lag bound from its stored spans, and down drops them`, async (t) => {
    await withMigratedDatabase(name, async ({ handle, storage, queryInterface }) => {
      await storage.spans.insertMany([
        span('org_a', 's1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:20.000Z'),
        span('org_a', 's2', '2026-01-01T00:00:00.000Z', '2026-01-01T00:05:00.123Z', true),
        span('org_a', 's3', null, '2027-01-01T00:00:00.000Z'),
        span('org_b', 's1', '2026-01-01T00:01:00.000Z', '2026-01-01T00:00:30.000Z'),
        span('org_c', 's1', null, '2026-01-01T00:00:30.000Z'),
      ]);
      // Dropped and made again: what `up` stores comes from the spans alone, not from the store's own raises.
      await lagBounds.down({ context: queryInterface });
      await lagBounds.up({ context: queryInterface });
      const [bounds] = (await handle.sequelize.query(
        'SELECT organization_id AS "organizationId", min_lag_ms AS "min", max_lag_ms AS "max" FROM span_lag_bounds ORDER BY organization_id',
      )) as [{ organizationId: string; min: number | string; max: number | string }[], unknown];
      t.deepEqual(
        bounds.map((row) => row.organizationId),
        ['org_a', 'org_b'],
      );
      const range = (organizationId: string) => {
        const row = bounds.find((bound) => bound.organizationId === organizationId);
        return { min: Number(row?.min), max: Number(row?.max) };
      };
      const within = (value: number, from: number, to: number) => value >= from && value <= to;
      t.true(within(range('org_a').min, 19_997, 20_000) && within(range('org_a').max, 300_123, 300_126), 'org_a');
      t.true(within(range('org_b').min, -30_003, -30_000) && within(range('org_b').max, -30_000, -29_997), 'org_b');
      await lagBounds.down({ context: queryInterface });
      await t.throwsAsync(handle.sequelize.query('SELECT 1 FROM span_lag_bounds'));
    });
  });
}
