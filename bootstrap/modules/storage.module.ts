import { ContainerModule } from 'inversify';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase, tuneDatabase, type DatabaseHandle } from '../../adapters/sequelize/support/database.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

/** Storage in memory: nothing to open or close. */
export const memoryStorageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.storage).toConstantValue(createMemoryStorage());
});

/** Storage on SQLite or PostgreSQL: opens the database, applies pending migrations, closes the pool on unbind. */
export const sqlStorageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.database)
    .toResolvedValue(
      async (config: Config): Promise<DatabaseHandle> => {
        const database = openDatabase(config.DATABASE_URL, {
          poolMax: config.DATABASE_POOL_MAX,
          busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT_MS,
        });
        await tuneDatabase(database);
        await migrate(database);
        return database;
      },
      [TOKENS.config],
    )
    .inSingletonScope()
    .onDeactivation((database) => database.sequelize.close());
  bind(TOKENS.storage)
    .toResolvedValue((database: DatabaseHandle) => createSequelizeStorage(database), [TOKENS.database])
    .inSingletonScope();
});
