import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import {
  type ConnectionSlot,
  type EndpointAnswer,
  type EndpointRequest,
  MAX_ANSWER_BYTES,
  type EndpointCaller,
} from '../../application/ports/endpoint-caller.ts';
import { refusedAddress } from './address-guard.ts';
import { ConnectionLimiter } from './connection-limiter.ts';

/** Resolves a host name to every address it has (injected, so a test can make a name resolve anywhere). */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface HttpEndpointCallerOptions {
  /** Allows loopback, private and link-local targets (tests and on-premises products). */
  readonly allowPrivateNetworks: boolean;
  readonly lookup?: HostLookup;
  /** First retry delay; doubled per retry (with jitter), capped by `maxRetryDelayMs`, unless Retry-After says more. */
  readonly baseRetryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
}

class RefusedTarget extends Error {}

interface Attempt {
  readonly status: number | null;
  readonly body: string;
  readonly error: string | null;
  readonly timedOut: boolean;
  readonly retryAfterMs: number | null;
}

/** What an attempt the caller no longer wants answers. */
const STOPPED: Attempt = {
  status: null,
  body: '',
  error: 'stopped before calling: no longer wanted',
  timedOut: false,
  retryAfterMs: null,
};

/** Why node refused to send a request at all (a header value HTTP cannot carry, stored before it was checked). */
const unsendable = (error: NodeJS.ErrnoException): string =>
  error.code === 'ERR_INVALID_CHAR'
    ? 'the request could not be sent: a header value has characters an HTTP header cannot carry (ERR_INVALID_CHAR)'
    : `the request could not be sent (${error.code ?? 'invalid request'})`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfter(header: string | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * Calls products' endpoints with node's HTTP client. The address guard runs inside the connection's own DNS lookup,
 * so the address checked is the address connected to (a name re-resolving to a private address is refused too).
 */
export class HttpEndpointCaller implements EndpointCaller {
  private readonly limiters = new Map<string, ConnectionLimiter>();
  private readonly lookup: HostLookup;

  constructor(private readonly options: HttpEndpointCallerOptions) {
    this.lookup = options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true }));
  }

  tryReserve(connectionId: string, maxConcurrency: number): ConnectionSlot | null {
    const limiter = this.limiterOf(connectionId);
    if (!limiter.tryReserve(maxConcurrency)) return null;
    let held = true;
    return {
      connectionId,
      release: () => {
        if (held) limiter.release();
        held = false;
      },
    };
  }

  private limiterOf(connectionId: string): ConnectionLimiter {
    const limiter = this.limiters.get(connectionId) ?? new ConnectionLimiter();
    this.limiters.set(connectionId, limiter);
    return limiter;
  }

  async call(request: EndpointRequest): Promise<EndpointAnswer> {
    const limiter = this.limiterOf(request.connectionId);
    const reserved = request.slot?.connectionId === request.connectionId;
    const started = performance.now();
    for (let attempts = 1; ; attempts++) {
      const attempt = await limiter.run(
        request,
        async () => (request.proceed && !(await request.proceed()) ? STOPPED : this.once(request)),
        reserved,
      );
      const retryable = attempt.timedOut || attempt.status === 429 || (attempt.status ?? 0) >= 500;
      if (!retryable || attempts > request.retries)
        return {
          status: attempt.status,
          latencyMs: Math.round(performance.now() - started),
          body: attempt.body,
          error: attempt.error,
          attempts,
        };
      await sleep(this.delay(attempts, attempt.retryAfterMs));
    }
  }

  private delay(attempts: number, retryAfterMs: number | null): number {
    const base = this.options.baseRetryDelayMs ?? 250;
    const cap = this.options.maxRetryDelayMs ?? 30_000;
    const backoff = base * 2 ** (attempts - 1) * (0.5 + Math.random() / 2);
    return Math.min(cap, Math.max(backoff, retryAfterMs ?? 0));
  }

  /** The addresses of a host, each checked unless private networks are allowed. */
  private async resolve(hostname: string): Promise<readonly LookupAddress[]> {
    const literal = hostname.replace(/^\[|\]$/g, '');
    let addresses: readonly LookupAddress[];
    if (isIP(literal)) addresses = [{ address: literal, family: isIP(literal) }];
    else
      try {
        addresses = await this.lookup(hostname);
      } catch {
        throw new RefusedTarget(`${hostname} could not be resolved`);
      }
    if (addresses.length === 0) throw new RefusedTarget(`${hostname} has no address`);
    if (!this.options.allowPrivateNetworks)
      for (const { address } of addresses) {
        const refused = refusedAddress(address);
        if (refused) throw new RefusedTarget(refused);
      }
    return addresses;
  }

  /**
   * The socket's own lookup: the addresses are resolved and checked as the socket connects, and it connects only to
   * them, so a name answering differently between a check and the connection cannot slip through.
   */
  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (addresses) => {
        if (options.all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [...addresses]);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

  private async once(request: EndpointRequest): Promise<Attempt> {
    const url = new URL(request.url);
    const failed = (error: string, timedOut = false): Attempt => ({
      status: null,
      body: '',
      error,
      timedOut,
      retryAfterMs: null,
    });
    // A literal address never reaches a lookup (the socket connects to it directly): it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal))
      try {
        await this.resolve(literal);
      } catch (error) {
        return failed((error as Error).message);
      }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const finish = (attempt: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(attempt);
      };
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(request.body === null ? {} : { 'content-length': Buffer.byteLength(request.body).toString() }),
          },
          lookup: this.guardedLookup,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
            else {
              // Over the limit the call has failed: nothing more is read, and the connection is closed.
              finish(failed(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
              outgoing.destroy();
            }
          });
          response.on('end', () =>
            finish({
              status: response.statusCode ?? null,
              body: Buffer.concat(chunks).toString('utf8'),
              error: null,
              timedOut: false,
              retryAfterMs: retryAfter(response.headers['retry-after']),
            }),
          );
          response.on('error', () => finish(failed('the answer was cut off')));
        },
      );
      const timer = setTimeout(() => {
        finish(failed(`no answer within ${request.timeoutMs} ms`, true));
        outgoing.destroy();
      }, request.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        finish(
          failed(
            error instanceof RefusedTarget
              ? error.message
              : `the endpoint could not be reached (${error.code ?? 'network error'})`,
          ),
        ),
      );
      outgoing.end(request.body ?? undefined);
    }).catch((error: NodeJS.ErrnoException) => failed(unsendable(error)));
  }
}
