import { Transaction } from 'sequelize';
import type { UnitOfWork } from '../../application/ports/unit-of-work.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';
import { writerTurnOf } from './support/writer-turn.ts';

/** Database transactions; on SQLite (one writer at a time) transactions queue instead of failing busy. */
export class SequelizeUnitOfWork implements UnitOfWork {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.context.current()) return work();
    // IMMEDIATE on SQLite: a deferred transaction that reads then writes fails at once with SQLITE_BUSY when
    // another connection wrote meanwhile (the busy timeout does not apply to that upgrade); IMMEDIATE waits instead.
    const type = this.database.dialect === 'sqlite' ? Transaction.TYPES.IMMEDIATE : undefined;
    const open = () =>
      this.database.sequelize.transaction({ type }, (transaction) => this.context.run(transaction, work));
    return this.database.dialect === 'sqlite' ? writerTurnOf(this.database).run(open) : open();
  }
}
