/** How long a call to the shared rate store may take before the count is kept in memory instead. */
export const RATE_STORE_DEADLINE_MS = 250;
/** After a failure or a missed deadline, the store is left alone this long before it is tried again. */
export const RATE_STORE_RETRY_MS = 5000;

class MissedDeadline extends Error {}

/**
 * The state of the shared rate store as this process sees it, shared by every limiter over it. Each call gets a
 * deadline; a call that fails or misses it marks the store degraded, and for the next `retryMs` the limiters count
 * in memory without asking it (a stalled store costs one deadline per `retryMs`, not one per request). The first
 * call after that tries the store again.
 */
export class RateStoreHealth {
  private degradedSince: number | null = null;
  private retryAt = 0;
  private reason = '';

  constructor(
    readonly storeName: string,
    private readonly deadlineMs = RATE_STORE_DEADLINE_MS,
    private readonly retryMs = RATE_STORE_RETRY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `call` on the store within the deadline, else `fallback` (process memory). */
  async guard<T>(call: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (this.degradedSince !== null && this.now() < this.retryAt) return fallback();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MissedDeadline()), this.deadlineMs);
    });
    const store = call();
    store.catch(() => undefined); // a call abandoned at its deadline may still fail later
    try {
      const result = await Promise.race([store, deadline]);
      this.degradedSince = null;
      return result;
    } catch (error) {
      this.degrade(
        error instanceof MissedDeadline
          ? `no answer within ${this.deadlineMs} ms`
          : `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return fallback();
    } finally {
      clearTimeout(timer);
    }
  }

  /** What an operator reads while the store is degraded (counts are per process meanwhile); null when it is not. */
  degradation(): string | null {
    if (this.degradedSince === null) return null;
    const since = new Date(this.degradedSince).toISOString();
    return `rate limits counted in process memory since ${since}: the ${this.storeName} rate store ${this.reason}`;
  }

  private degrade(reason: string): void {
    this.degradedSince ??= this.now();
    this.retryAt = this.now() + this.retryMs;
    this.reason = reason;
  }
}
