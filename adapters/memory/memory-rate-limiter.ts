import { consumeRequest, type RateWindow } from '../../domain/operations/rate-limit.ts';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';

/** Per-process request counts; windows of idle keys are dropped as they expire. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, RateWindow>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string) {
    const now = this.now();
    this.sweep(now);
    const { window, ...decision } = consumeRequest(this.windows.get(key) ?? null, {
      now,
      limit: this.limit,
      windowMs: this.windowMs,
    });
    this.windows.set(key, window);
    return decision;
  }

  async peek(key: string) {
    const now = this.now();
    const window = this.windows.get(key);
    const current = window && now - window.startedAt < this.windowMs ? window : { startedAt: now, count: 0 };
    return {
      allowed: current.count < this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - current.count),
      resetSeconds: Math.max(1, Math.ceil((current.startedAt + this.windowMs - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
