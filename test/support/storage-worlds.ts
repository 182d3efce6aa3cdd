import type { StoragePorts } from '../../application/ports/ports.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase, tuneDatabase } from '../../adapters/sequelize/support/database.ts';
import { createTestDatabase, postgresAvailable } from './databases.ts';

export type StorageName = 'memory' | 'sqlite' | 'postgres';

export interface StorageWorld {
  readonly storage: StoragePorts;
  close(): Promise<void>;
}

/** A fresh, migrated storage family of each kind; `poolMax` widens the SQL pool for concurrency tests. */
export async function openStorage(name: StorageName, options: { poolMax?: number } = {}): Promise<StorageWorld> {
  if (name === 'memory') return { storage: createMemoryStorage(), close: async () => undefined };
  const database = await createTestDatabase(name);
  const handle = openDatabase(database.url, options);
  await tuneDatabase(handle);
  await migrate(handle);
  return {
    storage: createSequelizeStorage(handle),
    async close() {
      await handle.sequelize.close();
      await database.drop();
    },
  };
}

/** Memory and SQLite always; PostgreSQL when reachable (always under CI=true). */
export async function storageNames(): Promise<StorageName[]> {
  return (await postgresAvailable()) ? ['memory', 'sqlite', 'postgres'] : ['memory', 'sqlite'];
}
