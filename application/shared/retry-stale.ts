import { Conflict } from '../../domain/errors.ts';

const ATTEMPTS = 4;

/**
 * Runs a transaction again when it met a Conflict: concurrent requests that change one specification's links
 * (optimistic versions) then both succeed. A lasting conflict (a duplicate name) fails the same way every time
 * and is rethrown after the last attempt.
 */
export async function retryStale<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= ATTEMPTS) throw error;
    }
  }
}
