import { ContainerModule } from 'inversify';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase, type DatabaseHandle } from '../../adapters/sequelize/support/database.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

/** Storage in memory: nothing to open or close. */
export const memoryStorageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.storage).toConstantValue(createMemoryStorage());
});

/**
 * Storage on SQLite or PostgreSQL: the database handle (connections open on first use; the pool closes on unbind).
 * Nothing is migrated here: the entry points migrate (`migrateStorage`).
 */
export const sqlStorageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.database)
    .toResolvedValue(
      (config: Config): DatabaseHandle =>
        openDatabase(config.DATABASE_URL, {
          poolMax: config.DATABASE_POOL_MAX,
          busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT_MS,
        }),
      [TOKENS.config],
    )
    .inSingletonScope()
    .onDeactivation((database) => database.sequelize.close());
  bind(TOKENS.storage)
    .toResolvedValue((database: DatabaseHandle) => createSequelizeStorage(database), [TOKENS.database])
    .inSingletonScope();
});
