import type { RateLimiter } from '../../application/ports/rate-limiter.ts';

/** Addresses remembered at once at the most; beyond it the longest-known are forgotten first. */
const MAX_REMEMBERED = 100_000;

/**
 * A limit whose `peek` costs no round trip. Failed authentications are peeked before every request's credential is
 * looked at, and asking the shared store each time was a database query per request. This process instead
 * remembers the keys its own `consume` calls left with nothing remaining, until their window resets, and peeks
 * only that memory. The count itself stays in the shared store: another process learns that an address is spent
 * at that address's first failed attempt there, so a guesser gains at most one guess per process. A key not known
 * to be spent peeks as having its whole allowance (`remaining` is then an upper bound).
 */
export class SpentAllowanceMemo implements RateLimiter {
  /** Spent keys and when (epoch milliseconds) their window resets. */
  private readonly spentUntil = new Map<string, number>();

  constructor(
    private readonly inner: RateLimiter,
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string) {
    const decision = await this.inner.consume(key);
    if (decision.remaining === 0) this.remember(key, this.now() + decision.resetSeconds * 1000);
    return decision;
  }

  async peek(key: string) {
    const until = this.spentUntil.get(key);
    const now = this.now();
    if (until !== undefined && until > now) {
      return {
        allowed: false,
        limit: this.limit,
        remaining: 0,
        resetSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
      };
    }
    if (until !== undefined) this.spentUntil.delete(key);
    return { allowed: true, limit: this.limit, remaining: this.limit, resetSeconds: 1 };
  }

  private remember(key: string, until: number): void {
    this.spentUntil.delete(key);
    this.spentUntil.set(key, until);
    if (this.spentUntil.size <= MAX_REMEMBERED) return;
    const now = this.now();
    for (const [known, knownUntil] of this.spentUntil) if (knownUntil <= now) this.spentUntil.delete(known);
    for (const known of this.spentUntil.keys()) {
      if (this.spentUntil.size <= MAX_REMEMBERED) break;
      this.spentUntil.delete(known);
    }
  }
}
