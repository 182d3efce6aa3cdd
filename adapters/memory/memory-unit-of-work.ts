import { AsyncLocalStorage } from 'node:async_hooks';
import type { UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { Mutex } from '../shared/mutex.ts';

type Undo = () => void;

/** All-or-nothing for the memory stores: transactions run one at a time and undo their writes on failure. */
export class MemoryUnitOfWork implements UnitOfWork {
  private readonly journal = new AsyncLocalStorage<Undo[]>();
  private readonly serial = new Mutex();

  /** Stores call this on every write so a failing transaction can put things back. */
  recordUndo(undo: Undo): void {
    this.journal.getStore()?.push(undo);
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.journal.getStore()) return work();
    return this.serial.run(async () => {
      const undos: Undo[] = [];
      try {
        return await this.journal.run(undos, work);
      } catch (error) {
        for (const undo of undos.reverse()) undo();
        throw error;
      }
    });
  }
}
