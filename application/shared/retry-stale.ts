import { StaleVersion } from '../../domain/errors.ts';

const ATTEMPTS = 4;

/**
 * Runs a transaction again when it met a StaleVersion: concurrent requests that change one specification's links
 * (optimistic versions) then both succeed. Any other failure (a duplicate name, an illegal change) is rethrown at
 * once, and a version still stale after the last attempt is rethrown too.
 */
export async function retryStale<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleVersion) || attempt >= ATTEMPTS) throw error;
    }
  }
}
