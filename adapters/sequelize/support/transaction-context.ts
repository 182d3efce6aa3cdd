import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'sequelize';

/** Carries the open transaction through async calls so repositories join it without it appearing in ports. */
export class TransactionContext {
  private readonly storage = new AsyncLocalStorage<Transaction>();

  current(): Transaction | undefined {
    return this.storage.getStore();
  }

  run<T>(transaction: Transaction, work: () => Promise<T>): Promise<T> {
    return this.storage.run(transaction, work);
  }

  /** Runs `callback` once the open transaction has committed (never when it rolls back), or at once outside one. */
  afterCommit(callback: () => void): void {
    const transaction = this.current();
    if (transaction) transaction.afterCommit(callback);
    else callback();
  }
}

const contexts = new WeakMap<object, TransactionContext>();

/** The one context of a database handle, shared by its stores and by the job queue that joins their transactions. */
export function transactionContextOf(database: object): TransactionContext {
  let context = contexts.get(database);
  if (!context) {
    context = new TransactionContext();
    contexts.set(database, context);
  }
  return context;
}

/** The driver connection a Sequelize transaction runs on (undefined outside one), for statements sent past Sequelize. */
export const connectionOf = <C>(transaction: Transaction | undefined): C | undefined =>
  (transaction as unknown as { connection?: C } | undefined)?.connection;
