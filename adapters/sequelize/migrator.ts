import { SequelizeStorage, Umzug } from 'umzug';
import type { DatabaseHandle } from './support/database.ts';
import { migrations } from './migrations/index.ts';

/** Applies pending migrations (idempotent); returns the names it applied. */
export async function migrate(database: DatabaseHandle): Promise<string[]> {
  const umzug = new Umzug({
    migrations: migrations.map((migration) => ({ name: migration.name, up: migration.up, down: migration.down })),
    context: database.sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize: database.sequelize, tableName: 'assay_migrations' }),
    logger: undefined,
  });
  const applied = await umzug.up();
  return applied.map((migration) => migration.name);
}
