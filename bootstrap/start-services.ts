import type { Container } from 'inversify';
import { migrate } from '../adapters/sequelize/migrator.ts';
import { refreshStatistics, STATISTICS_REFRESH_MS, tuneDatabase } from '../adapters/sequelize/support/database.ts';
import { TOKENS } from './tokens.ts';

/**
 * Prepares the SQL database (WAL on a SQLite file), applies its pending migrations and refreshes SQLite's planner
 * statistics; answers the names applied
 * (none in memory). `npm run migrate` and every entry point call it; resolving the container never migrates.
 */
export async function migrateStorage(container: Container): Promise<string[]> {
  const database = await container.getAsync(TOKENS.database, { optional: true });
  if (!database) return [];
  await tuneDatabase(database);
  const applied = await migrate(database);
  await refreshStatistics(database);
  return applied;
}

/**
 * What the server, the worker and the embedded library do before they serve or work, and no DI factory does: migrate
 * the storage, start the job queue (pg-boss: its pool, schema, queues and supervision) and the sweep of expired rate
 * windows on PostgreSQL. Workers start apart (`startScoringWorker`), and listeners in the entry point.
 */
export async function startServices(container: Container): Promise<void> {
  await migrateStorage(container);
  const database = await container.getAsync(TOKENS.database, { optional: true });
  if (database?.dialect === 'sqlite')
    // A failed refresh (the database closing) leaves the last statistics in place; the next one tries again.
    setInterval(() => refreshStatistics(database).catch(() => undefined), STATISTICS_REFRESH_MS).unref();
  await (await container.getAsync(TOKENS.jobQueue)).start?.();
  (await container.getAsync(TOKENS.rateSweep, { optional: true }))?.start();
}
