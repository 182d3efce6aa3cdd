import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small HTTP server on a port of its own, beside the API (Prometheus metrics, the worker's self-check). */
export interface SideServer {
  readonly port: number;
  /** Stops listening and ends kept-alive connections, so a stopping process is not held open by a scraper. */
  close(): Promise<void>;
}

/** Resolves once listening; rejects when the port cannot be bound (taken, not allowed), so start-up fails loudly. */
export async function serveSide(port: number, host: string, handler: RequestListener): Promise<SideServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
