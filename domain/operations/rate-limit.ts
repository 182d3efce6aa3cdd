/** One caller's request count in the current fixed window. */
export interface RateWindow {
  readonly startedAt: number;
  readonly count: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets (at least 1). */
  readonly resetSeconds: number;
  readonly window: RateWindow;
}

/**
 * Fixed-window limit: at most `limit` requests per `windowMs`; a refused request does not count.
 * Times are epoch milliseconds, passed in.
 */
export function consumeRequest(
  previous: RateWindow | null,
  { now, limit, windowMs }: { now: number; limit: number; windowMs: number },
): RateDecision {
  const current = previous && now - previous.startedAt < windowMs ? previous : { startedAt: now, count: 0 };
  const allowed = current.count < limit;
  const window = allowed ? { startedAt: current.startedAt, count: current.count + 1 } : current;
  const resetSeconds = Math.max(1, Math.ceil((current.startedAt + windowMs - now) / 1000));
  return { allowed, limit, remaining: Math.max(0, limit - window.count), resetSeconds, window };
}
