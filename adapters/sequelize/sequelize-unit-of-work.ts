import type { UnitOfWork } from '../../application/ports/unit-of-work.ts';
import type { DatabaseHandle } from './support/database.ts';
import { Mutex } from '../shared/mutex.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** Database transactions; on SQLite (one writer at a time) transactions queue instead of failing busy. */
export class SequelizeUnitOfWork implements UnitOfWork {
  private readonly writers = new Mutex();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.context.current()) return work();
    const open = () => this.database.sequelize.transaction((transaction) => this.context.run(transaction, work));
    return this.database.dialect === 'sqlite' ? this.writers.run(open) : open();
  }
}
