import type { Sequences } from '../../application/ports/sequences.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The reference Sequences: a map of counters whose increments a failing transaction undoes. */
export class MemorySequences implements Sequences {
  private readonly values = new Map<string, number>();

  constructor(private readonly uow: MemoryUnitOfWork) {}

  async next(scope: string, name: string): Promise<number> {
    const key = `${scope}:${name}`;
    const previous = this.values.get(key);
    const value = (previous ?? 0) + 1;
    this.values.set(key, value);
    this.uow.recordUndo(() => (previous === undefined ? this.values.delete(key) : this.values.set(key, previous)));
    return value;
  }
}
