import type { IdGenerator } from '../../application/ports/id-generator.ts';

/** Predictable ids (`user_000001`, ...) for tests. */
export class SequentialIdGenerator implements IdGenerator {
  private counter = 0;
  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${String(this.counter).padStart(6, '0')}`;
  }
}
