import type { RateDecision } from '../../domain/operations/rate-limit.ts';

/** Counts requests per caller key; one process keeps counts in memory, a shared store spans processes. */
export interface RateLimiter {
  /** Counts one request of `key` and says whether it is allowed, with what remains of the window. */
  consume(key: string): Promise<Omit<RateDecision, 'window'>>;
  /** The state of `key`'s window without counting anything (allowed: another request would be). */
  peek(key: string): Promise<Omit<RateDecision, 'window'>>;
  /**
   * Optional: counts `key`, and `nextKey` against `next` only when `key` was allowed (null otherwise), in one round
   * trip to the store where it can; the same decisions as `consume(key)` followed by `next.consume(nextKey)`.
   */
  consumeThen?(
    key: string,
    next: RateLimiter,
    nextKey: string,
  ): Promise<[Omit<RateDecision, 'window'>, Omit<RateDecision, 'window'> | null]>;
}
