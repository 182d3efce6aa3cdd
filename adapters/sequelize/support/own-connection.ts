import type { DatabaseHandle } from './database.ts';
import { writerTurnOf } from './writer-turn.ts';

interface ConnectionManager<C> {
  getConnection(options?: object): Promise<C>;
  releaseConnection(connection: C): Promise<void> | void;
}

/**
 * Runs `use` with a driver connection of its own, outside any transaction, for a statement that is atomic by itself:
 * a connection of the pool on PostgreSQL; on SQLite the kept writer connection, in its turn among the writers (a
 * write on another connection would wait busy for the writer's lock).
 */
export async function onOwnConnection<C, T>(database: DatabaseHandle, use: (connection: C) => Promise<T>): Promise<T> {
  const manager = database.sequelize.connectionManager as unknown as ConnectionManager<C>;
  const borrowed = async () => {
    const connection = await manager.getConnection(
      database.dialect === 'sqlite' ? { uuid: 'assay-alone' } : { type: 'write' },
    );
    try {
      return await use(connection);
    } finally {
      await manager.releaseConnection(connection);
    }
  };
  return database.dialect === 'sqlite' ? writerTurnOf(database).run(borrowed) : borrowed();
}
