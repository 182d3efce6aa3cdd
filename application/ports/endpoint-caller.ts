/** One HTTP request to a product's endpoint, with the connection's delivery settings. */
export interface EndpointRequest {
  /** Calls of one connection share its concurrency and rate limits. */
  readonly connectionId: string;
  readonly url: string;
  readonly method: 'POST' | 'PUT' | 'GET';
  /** Every header to send, the auth header included (never logged nor reported). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body; a GET sends none. */
  readonly body: string | null;
  readonly timeoutMs: number;
  /** Further attempts after a timeout, a 429 or a 5xx answer. */
  readonly retries: number;
  readonly maxConcurrency: number;
  readonly rateLimitPerMinute: number | null;
  /** Asked once a slot is free, before each attempt: false stops without calling (a cancelled launch). */
  readonly proceed?: () => Promise<boolean>;
  /** A slot of this connection the caller holds already (`tryReserve`): the call uses it instead of waiting for one. */
  readonly slot?: ConnectionSlot;
}

/** One of a connection's `maxConcurrency` slots, held across several calls (a test case's every turn). */
export interface ConnectionSlot {
  readonly connectionId: string;
  /** Gives the slot back (once; later calls do nothing). */
  release(): void;
}

/** What came back from the last attempt: the HTTP status and body, or why there was none. */
export interface EndpointAnswer {
  /** The product's HTTP status; null when no answer came (timeout, refused address, network failure). */
  readonly status: number | null;
  readonly latencyMs: number;
  /** The answer body as text, at most `MAX_ANSWER_BYTES` (empty when the answer was longer). */
  readonly body: string;
  /** Why the call failed at the transport level (never a secret); null when an answer came. */
  readonly error: string | null;
  readonly attempts: number;
}

/** The largest answer body read; a longer one fails the call (`error` says so) and is not kept. */
export const MAX_ANSWER_BYTES = 1_000_000;

/**
 * Calls products' endpoints. Never throws: a refused target (private addresses unless allowed), a timeout or a network
 * failure is an answer with `error`. Retries timeouts, 429 and 5xx with backoff, honouring Retry-After.
 */
export interface EndpointCaller {
  call(request: EndpointRequest): Promise<EndpointAnswer>;
  /**
   * Takes one of the connection's `maxConcurrency` slots in this process if one is free now, without waiting; null
   * when all are taken. Work that cannot wait (a queue's job holding a worker) asks this before it starts.
   */
  tryReserve(connectionId: string, maxConcurrency: number): ConnectionSlot | null;
}
