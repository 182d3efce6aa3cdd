import { QueryTypes } from 'sequelize';
import type { Sequences } from '../../application/ports/sequences.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

const BUMP = `INSERT INTO sequences (id, organization_id, value) VALUES ($1, $2, 1)
  ON CONFLICT (id) DO UPDATE SET value = sequences.value + 1`;

/**
 * Sequences as rows of `sequences`, bumped by one atomic upsert. PostgreSQL reads the value back with RETURNING;
 * SQLite (one writer at a time) reads it back inside the same transaction.
 */
export class SequelizeSequences implements Sequences {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  async next(scope: string, name: string): Promise<number> {
    const id = `${scope}:${name}`;
    const bind = [id, scope];
    const transaction = this.context.current();
    if (this.database.dialect === 'postgres') {
      const rows = await this.database.sequelize.query<{ value: number | string }>(`${BUMP} RETURNING value`, {
        bind,
        type: QueryTypes.SELECT,
        transaction,
      });
      return Number(rows[0].value);
    }
    if (!transaction)
      return this.database.sequelize.transaction((opened) => this.context.run(opened, () => this.next(scope, name)));
    await this.database.sequelize.query(BUMP, { bind, transaction });
    const rows = await this.database.sequelize.query<{ value: number }>('SELECT value FROM sequences WHERE id = $1', {
      bind: [id],
      type: QueryTypes.SELECT,
      transaction,
    });
    return Number(rows[0].value);
  }
}
