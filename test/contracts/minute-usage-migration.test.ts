// Migration 0024 on SQLite and PostgreSQL: the minute rollups are filled from the turns already stored (deleted ones
// too, as the rollups count them), one row per organization, day, hour, minute, version and model.
import test from 'ava';
import { migrations } from '../../adapters/sequelize/migrations/index.ts';
import { createProduct } from '../../domain/catalog/product.ts';
import { createVersion } from '../../domain/catalog/version.ts';
import { postgresAvailable } from '../support/databases.ts';
import { withMigratedDatabase } from '../support/migrated-database.ts';
import { OLD, result, session } from './sweep-records.ts';

const names = (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const minuteUsage = migrations.find((migration) => migration.name === '0024-minute-usage')!;

for (const name of names) {
  test(`${name}: 0024 fills the minute rollups from the stored turns, and down drops them`, async (t) => {
    await withMigratedDatabase(name, async ({ storage, queryInterface }) => {
      for (const organizationId of ['org_a', 'org_b']) {
        const creation = { organizationId, now: OLD };
        await storage.products.insert(createProduct({ name: 'p' }, { ...creation, id: `product_${organizationId}` }));
        await storage.versions.insert(
          createVersion(
            { productId: `product_${organizationId}` },
            { ...creation, id: `version_${organizationId}`, number: 1, parent: null },
          ),
        );
        await storage.sessions.insertMany([
          { ...session(organizationId, `s_${organizationId}`), versionId: `version_${organizationId}` },
        ]);
      }
      const turn = (organizationId: string, id: string, createdAt: string, model: string | null, deleted = false) => ({
        ...result(organizationId, id, `s_${organizationId}`, deleted ? OLD : null),
        createdAt,
        model,
        inputTokens: 10,
        outputTokens: 1,
        cacheReadInputTokens: 2,
        costNanos: 1_000_000_007,
      });
      // Stored without the write path, so no rollup counts them until the migration runs.
      await storage.inferenceResults.insertMany([
        turn('org_a', 'ir1', '2026-01-01T13:37:00.000Z', 'gpt-x'),
        turn('org_a', 'ir2', '2026-01-01T13:37:59.999Z', 'gpt-x', true),
        turn('org_a', 'ir3', '2026-01-01T13:38:00.000Z', 'gpt-x'),
        turn('org_a', 'ir4', '2026-01-01T13:37:30.000Z', null),
        turn('org_a', 'ir5', '2026-01-02T13:37:30.000Z', 'gpt-x'),
        turn('org_b', 'ir6', '2026-01-01T13:37:30.000Z', 'gpt-x'),
      ]);
      await minuteUsage.down({ context: queryInterface });
      await minuteUsage.up({ context: queryInterface });

      const minutes = (organizationId: string, day: string, fromMinute: number, toMinute: number) =>
        storage.costLedger
          .minuteUsageRows(organizationId, { day, hour: 13, fromMinute, toMinute })
          .then((rows) =>
            rows
              .map((row) => [row.model, row.inferenceResultCount, row.inputTokens, row.costNanos])
              .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
          );
      t.deepEqual(await minutes('org_a', '2026-01-01', 37, 38), [
        ['', 1, 10, 1_000_000_007],
        ['gpt-x', 2, 20, 2_000_000_014],
      ]);
      t.deepEqual(await minutes('org_a', '2026-01-01', 38, 39), [['gpt-x', 1, 10, 1_000_000_007]]);
      t.deepEqual(await minutes('org_a', '2026-01-01', 0, 37), []);
      t.deepEqual(await minutes('org_a', '2026-01-02', 0, 60), [['gpt-x', 1, 10, 1_000_000_007]]);
      t.deepEqual(await minutes('org_b', '2026-01-01', 0, 60), [['gpt-x', 1, 10, 1_000_000_007]]);

      await minuteUsage.down({ context: queryInterface });
      t.false((await queryInterface.showAllTables()).includes('usage_minute_rollups'));
    });
  });
}
