const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The per-process limits of one connection: at most `maxConcurrency` calls in flight (or slots reserved for several
 * calls), and call starts spaced so that at most `rateLimitPerMinute` begin in any minute. Settings are taken from
 * each call (a changed connection applies).
 */
export class ConnectionLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;

  /** Takes a slot if one is free now; the caller gives it back with `release`. */
  tryReserve(maxConcurrency: number): boolean {
    if (this.active >= maxConcurrency) return false;
    this.active++;
    return true;
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** Runs `work` in a slot: `reserved` when the caller holds one already, else once one is free. */
  async run<T>(
    limits: { maxConcurrency: number; rateLimitPerMinute: number | null },
    work: () => Promise<T>,
    reserved = false,
  ): Promise<T> {
    if (!reserved) {
      while (this.active >= limits.maxConcurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.active++;
    }
    try {
      if (limits.rateLimitPerMinute) {
        const now = Date.now();
        const at = Math.max(now, this.nextStart);
        this.nextStart = at + 60_000 / limits.rateLimitPerMinute;
        if (at > now) await sleep(at - now);
      }
      return await work();
    } finally {
      if (!reserved) this.release();
    }
  }
}
