import test from 'ava';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { migrations } from '../../adapters/sequelize/migrations/index.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';

const names = (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

for (const name of names) {
  test(`${name}: migrations apply once, even from processes starting together, and roll back cleanly`, async (t) => {
    const database = await createTestDatabase(name);
    const handles = [openDatabase(database.url), openDatabase(database.url)];
    try {
      const results =
        name === 'postgres'
          ? await Promise.all(handles.map(migrate))
          : [await migrate(handles[0]), await migrate(handles[1])];
      t.deepEqual(
        results.flat().sort(),
        migrations.map((migration) => migration.name).sort(),
        'every migration ran exactly once',
      );
      t.deepEqual(await migrate(handles[0]), []);
      const queryInterface = handles[0].sequelize.getQueryInterface();
      const tables = (await queryInterface.showAllTables()).map((table) =>
        typeof table === 'string' ? table : (table as { tableName: string }).tableName,
      );
      for (const table of ['organizations', 'users', 'api_keys', 'subscriptions'])
        t.true(tables.includes(table), table);
      for (const migration of [...migrations].reverse()) await migration.down({ context: queryInterface });
      const left = (await queryInterface.showAllTables()).map(String).filter((table) => table !== 'assay_migrations');
      t.deepEqual(left, []);
    } finally {
      await Promise.all(handles.map((handle) => handle.sequelize.close()));
      await database.drop();
    }
  });
}
