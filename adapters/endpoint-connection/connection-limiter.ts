const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The per-process limits of one connection: at most `maxConcurrency` calls in flight, and call starts spaced so that
 * at most `rateLimitPerMinute` begin in any minute. Settings are taken from each call (a changed connection applies).
 */
export class ConnectionLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;

  async run<T>(
    limits: { maxConcurrency: number; rateLimitPerMinute: number | null },
    work: () => Promise<T>,
  ): Promise<T> {
    while (this.active >= limits.maxConcurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      if (limits.rateLimitPerMinute) {
        const now = Date.now();
        const at = Math.max(now, this.nextStart);
        this.nextStart = at + 60_000 / limits.rateLimitPerMinute;
        if (at > now) await sleep(at - now);
      }
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
