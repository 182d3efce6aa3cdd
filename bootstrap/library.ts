import type Koa from 'koa';
import type { Ports } from '../application/ports/ports.ts';
import type { UseCases } from '../application/use-cases.ts';
import { loadConfig, type Config } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { serveMetrics } from './metrics-server.ts';
import { createDrainingServer, type DrainingServer } from './draining-server.ts';
import { startScoringWorker } from './scoring-worker.ts';
import { TOKENS } from './tokens.ts';

export interface PlatformOptions {
  /** `memory` (default), `sqlite:<path>`, `sqlite::memory:` or a `postgres://` URL. */
  readonly database?: string;
  /** Any other setting; the process environment is not read unless passed here. */
  readonly config?: Partial<Config>;
}

export interface Platform {
  readonly useCases: UseCases;
  readonly ports: Ports;
  readonly config: Config;
  /** The Koa application, to mount in another server or to listen on. */
  readonly http: Koa;
  /** Listens on `port` (0 picks a free one) and answers the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Serves Prometheus metrics at `/metrics` on a port of their own (0 picks a free one); answers the base URL. */
  listenMetrics(port?: number, host?: string): Promise<string>;
  /**
   * Stops listening, answers requests arriving on open connections 503, lets those in flight finish (at most
   * SHUTDOWN_GRACE_MS), stops the scoring worker, closes the database.
   */
  close(): Promise<void>;
}

/** Builds the whole platform for embedding in another TypeScript service, or for tests. */
export async function createPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const config = loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      ...options.config,
      DATABASE_URL: options.database ?? options.config?.DATABASE_URL ?? 'memory',
    },
  );
  const container = await buildContainer(config);
  const [useCases, ports, http] = await Promise.all([
    container.getAsync(TOKENS.useCases),
    container.getAsync(TOKENS.ports),
    container.getAsync(TOKENS.httpApp),
  ]);
  if (config.QUEUE_EMBEDDED_WORKER) await startScoringWorker(container);
  const servers: DrainingServer[] = [];
  const metricsServers: { close(): Promise<void> }[] = [];
  return {
    useCases,
    ports,
    config,
    http,
    async listen(port = 0, host = '127.0.0.1') {
      const server = createDrainingServer(http.callback());
      servers.push(server);
      const address = await server.listen(port, host);
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
    async listenMetrics(port = 0, host = '127.0.0.1') {
      const server = await serveMetrics(await container.getAsync(TOKENS.metrics), port, host);
      metricsServers.push(server);
      return `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`;
    },
    async close() {
      await Promise.all(servers.map((server) => server.drain(config.SHUTDOWN_GRACE_MS)));
      await Promise.all(metricsServers.map((server) => server.close()));
      await closeContainer(container);
    },
  };
}
