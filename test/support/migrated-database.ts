import type { QueryInterface } from 'sequelize';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { type DatabaseHandle, openDatabase } from '../../adapters/sequelize/support/database.ts';
import { createTestDatabase } from './databases.ts';

export interface MigratedDatabase {
  readonly handle: DatabaseHandle;
  readonly storage: StoragePorts;
  /** What a migration's `up` and `down` are given. */
  readonly queryInterface: QueryInterface;
}

/** A fresh database, every migration applied, for `work`; closed and dropped afterwards, whatever `work` did. */
export async function withMigratedDatabase<T>(
  name: 'sqlite' | 'postgres',
  work: (database: MigratedDatabase) => Promise<T>,
): Promise<T> {
  const database = await createTestDatabase(name);
  const handle = openDatabase(database.url);
  try {
    await migrate(handle);
    return await work({
      handle,
      storage: createSequelizeStorage(handle),
      queryInterface: handle.sequelize.getQueryInterface(),
    });
  } finally {
    await handle.sequelize.close();
    await database.drop();
  }
}
