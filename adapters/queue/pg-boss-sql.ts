import type { Transaction } from 'sequelize';
import type { DatabaseHandle } from '../sequelize/support/database.ts';
import { guardOutage } from '../sequelize/support/outages.ts';

interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one of pg-boss's statements on the transaction's own connection (raw `pg`, so its parameters pass untouched),
 * or on a pooled one outside a transaction; an outage answers as the stores' do.
 */
export async function executePgBossSql(
  database: DatabaseHandle,
  text: string,
  values: unknown[],
  transaction: Transaction | undefined,
): Promise<{ rows: unknown[] }> {
  const connection = (transaction as unknown as { connection?: PgConnection } | undefined)?.connection;
  if (connection) return guardOutage(() => connection.query(text, values));
  const pooled = (await database.sequelize.connectionManager.getConnection({
    type: 'write',
  })) as unknown as PgConnection;
  try {
    return await guardOutage(() => pooled.query(text, values));
  } finally {
    database.sequelize.connectionManager.releaseConnection(pooled as never);
  }
}
