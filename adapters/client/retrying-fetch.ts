/** How a client retries what the server asked it to retry later (429, 503, and a 409 `stale_version`). */
export interface RetryPolicy {
  /** Further attempts after the first (default 3). */
  readonly retries?: number;
  /** The longest wait between attempts, whatever Retry-After says (default 30 s). */
  readonly maxDelayMs?: number;
}

const RETRIED = new Set([429, 503]);

/**
 * Whether the server asked for the request again: 429 and 503 (nothing was done), and a 409 whose `reason` is
 * `stale_version` (another write landed first; the server reads the record afresh). Other conflicts (`duplicate`,
 * `illegal_transition`) would fail the same way again.
 */
async function retriable(response: Response): Promise<boolean> {
  if (RETRIED.has(response.status)) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { reason?: unknown } | null;
  return body?.reason === 'stale_version';
}

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
 * A fetch that repeats a request answered 429 (rate limited: nothing was done), 503 (unavailable: nothing was
 * stored) or 409 `stale_version`, after the wait the server asks for (a short backoff for a conflict). Any other
 * answer, or the last attempt's, is returned as it is.
 */
export function retryingFetch(fetchOnce: typeof fetch, policy: RetryPolicy = {}): typeof fetch {
  const retries = policy.retries ?? 3;
  const maxDelayMs = policy.maxDelayMs ?? 30_000;
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchOnce(request.clone());
      if (attempt >= retries || !(await retriable(response))) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delayOf(response, attempt, maxDelayMs)));
    }
  };
}
