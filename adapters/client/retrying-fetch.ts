/** How a client retries what the server asked it to retry later. */
export interface RetryPolicy {
  /** Further attempts after the first (default 3). */
  readonly retries?: number;
  /** The longest wait between attempts, whatever Retry-After says (default 30 s). */
  readonly maxDelayMs?: number;
}

const RETRIED = new Set([429, 503]);

/** Seconds or an HTTP date in Retry-After, as milliseconds; without one, a doubling backoff from 250 ms. */
function delayOf(response: Response, attempt: number, maxDelayMs: number): number {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  const fromHeader = Number.isFinite(seconds)
    ? seconds * 1000
    : header
      ? new Date(header).getTime() - Date.now()
      : Number.NaN;
  const wait = Number.isFinite(fromHeader) ? fromHeader : 250 * 2 ** attempt;
  return Math.min(Math.max(wait, 0), maxDelayMs);
}

/**
 * A fetch that repeats a request answered 429 (rate limited: nothing was done) or 503 (unavailable: nothing was
 * stored), after the wait the server asks for. Any other answer, or the last attempt's, is returned as it is.
 */
export function retryingFetch(fetchOnce: typeof fetch, policy: RetryPolicy = {}): typeof fetch {
  const retries = policy.retries ?? 3;
  const maxDelayMs = policy.maxDelayMs ?? 30_000;
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchOnce(request.clone());
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delayOf(response, attempt, maxDelayMs)));
    }
  };
}
