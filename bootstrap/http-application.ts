import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The API as a Node HTTP application, to mount in another server. It is a Koa application underneath; the public
 * type names only Node's own, so a host needs no Koa types to compile against the package.
 */
export interface HttpApplication {
  /** A request listener for a Node server: `createServer(app.callback())`, or `server.on('request', …)`. */
  callback(): (request: IncomingMessage, response: ServerResponse) => unknown;
  /** Serves it on its own: `http.createServer(app.callback()).listen(port, hostname)`. */
  listen(port: number, hostname?: string): Server;
}
