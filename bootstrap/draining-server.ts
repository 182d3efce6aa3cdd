import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { answerClientError } from '../adapters/http/client-error.ts';
import { toErrorResponse } from '../adapters/http/http-errors.ts';
import { type RequestLogFields, requestIdOf } from '../adapters/http/middleware/request-context.ts';
import { Unavailable } from '../domain/errors.ts';

/** An HTTP server that can drain: what `npm start` and the embedded library listen with. */
export interface DrainingServer {
  readonly server: Server;
  listen(port: number, host: string): Promise<AddressInfo>;
  /**
   * Stops accepting connections; answers requests that still arrive on open (kept-alive) connections with 503 and
   * `Connection: close`; lets handlers in flight finish, for at most `graceMs`; then closes every connection.
   * Resolves with the number of handlers that were still running when the grace ran out.
   */
  drain(graceMs: number): Promise<{ unfinished: number }>;
}

/** No request for this long while draining: the connections still open belong to idle clients. */
const QUIET_MS = 500;

const refusal = toErrorResponse(
  new Unavailable('The server is shutting down; send the request again (another instance will take it)'),
);

/**
 * Answers 503 once the request body has arrived, so the client reads the answer instead of a reset, and logs it as
 * every other answer is logged.
 */
function refuse(request: IncomingMessage, response: ServerResponse, log?: (fields: RequestLogFields) => void): void {
  const started = performance.now();
  const offered = request.headers['x-request-id'];
  const requestId = requestIdOf(Array.isArray(offered) ? offered[0] : offered);
  const answer = () => {
    if (response.headersSent) return;
    response.writeHead(refusal.status, {
      ...refusal.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': requestId,
      Connection: 'close',
    });
    response.end(JSON.stringify(refusal.body));
    log?.({
      requestId,
      method: request.method ?? 'GET',
      path: new URL(request.url ?? '/', 'http://assay').pathname,
      status: refusal.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
  };
  request.once('end', answer);
  request.once('error', () => response.destroy());
  request.resume();
}

/** `log` is told of each request refused while draining, with the fields of every request's log line. */
export function createDrainingServer(
  handle: RequestListener,
  log?: (fields: RequestLogFields) => void,
): DrainingServer {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let settled: (() => void) | null = null;
  let lastArrival = 0;
  const server = createServer((request, response) => {
    lastArrival = performance.now();
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (inFlight.size === 0) settled?.();
    });
    if (draining) refuse(request, response, log);
    else handle(request, response);
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  // Open connections, so a drain can wait for kept-alive clients to take their 503 and close on their own.
  const connections = new Set<Socket>();
  let allClosed: (() => void) | null = null;
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (connections.size === 0) allClosed?.();
    });
  });

  return {
    server,
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return server.address() as AddressInfo;
    },
    async drain(graceMs) {
      draining = true;
      // net's close stops accepting without dropping idle kept-alive connections (http's close drops them, racing
      // requests already on their way); those get the 503 above instead, or close once nothing is in flight.
      if (server.listening) NetServer.prototype.close.call(server);
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([
        new Promise<void>((resolve) => {
          settled = resolve;
          if (inFlight.size === 0) resolve();
        }),
        graceOver,
      ]);
      // Closing an idle kept-alive connection races a request its client may be sending on it (a reset): first let
      // busy clients take their 503 and close, within the same grace; once no request has arrived for a quiet
      // moment, what stays open belongs to idle clients, and is closed.
      let quietCheck: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          allClosed = resolve;
          if (connections.size === 0) resolve();
          const quiet = () => inFlight.size === 0 && performance.now() - lastArrival >= QUIET_MS;
          lastArrival = Math.max(lastArrival, performance.now() - QUIET_MS / 2);
          quietCheck = setInterval(() => quiet() && resolve(), QUIET_MS / 5);
        }),
        graceOver,
      ]);
      clearInterval(quietCheck);
      clearTimeout(timer);
      const unfinished = inFlight.size;
      server.closeIdleConnections();
      if (unfinished > 0) server.closeAllConnections();
      return { unfinished };
    },
  };
}
