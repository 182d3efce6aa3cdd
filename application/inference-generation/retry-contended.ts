import { StaleVersion } from '../../domain/errors.ts';

const ATTEMPTS = 30;

/**
 * retryStale for a row many workers write at once (a generating launch's progress, one write per test case): more
 * attempts, each after a slightly longer pause, so concurrent jobs interleave instead of failing their delivery.
 */
export async function retryContended<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleVersion) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 3));
    }
  }
}
