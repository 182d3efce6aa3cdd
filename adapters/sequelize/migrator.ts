import { SequelizeStorage, Umzug } from 'umzug';
import type { DatabaseHandle } from './support/database.ts';
import { migrations } from './migrations/index.ts';

/** Where umzug records the migrations applied. */
export const MIGRATIONS_TABLE = 'assay_migrations';

/** Any fixed number: the PostgreSQL advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK = 7_211_604_311;

async function applyPending(database: DatabaseHandle): Promise<string[]> {
  const umzug = new Umzug({
    migrations: migrations.map((migration) => ({ name: migration.name, up: migration.up, down: migration.down })),
    context: database.sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize: database.sequelize, tableName: MIGRATIONS_TABLE }),
    logger: undefined,
  });
  const applied = await umzug.up();
  return applied.map((migration) => migration.name);
}

/**
 * Applies pending migrations (idempotent) and returns the names applied. On PostgreSQL, servers and
 * workers starting together queue on an advisory lock, so each migration runs exactly once.
 */
export async function migrate(database: DatabaseHandle): Promise<string[]> {
  if (database.dialect !== 'postgres') return applyPending(database);
  const lock = await database.sequelize.transaction();
  try {
    await database.sequelize.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`, { transaction: lock });
    const applied = await applyPending(database);
    await lock.commit();
    return applied;
  } catch (error) {
    await lock.rollback();
    throw error;
  }
}
