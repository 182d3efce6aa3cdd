import type { Container } from 'inversify';
import type { Ports } from '../application/ports/ports.ts';
import { loadConfig, type Config } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { serveMetrics } from './metrics-server.ts';
import { createDrainingServer, type DrainingServer } from './draining-server.ts';
import { startScoringWorker } from './scoring-worker.ts';
import { startServices } from './start-services.ts';
import { type Public, type PublicUseCases, publicUseCases } from './public-use-cases.ts';
import { TOKENS } from './tokens.ts';
import type { HttpApplication } from './http-application.ts';
import type { Actor } from '../domain/identity/role.ts';
import type { Evaluation } from '../domain/evaluation/evaluation.ts';
import { type Waiting, waitForEvaluations } from './wait-for-evaluations.ts';

export interface PlatformOptions {
  /** `memory` (default), `sqlite:<path>`, `sqlite::memory:` or a `postgres://` URL. */
  readonly database?: string;
  /** Any other setting; the process environment is not read unless passed here. */
  readonly config?: Partial<Config>;
}

export interface Platform {
  /** The use cases, answering the same public shapes as HTTP (no internal `version`). */
  readonly useCases: PublicUseCases;
  readonly ports: Ports;
  readonly config: Config;
  /** The HTTP application (Koa underneath), to mount in another server or to listen on. */
  readonly http: HttpApplication;
  /**
   * The evaluations once none is PENDING (scoring runs in the platform's worker): what `evaluateSession` answers is
   * PENDING at first. Throws past `timeoutMs` (120 s by default).
   */
  waitForEvaluations(actor: Actor, ids: readonly string[], waiting?: Waiting): Promise<Public<Evaluation>[]>;
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

/**
 * Migrates, starts the queue (and the embedded worker when configured) and resolves what a platform hands out; a
 * platform that cannot start closes what it opened.
 */
async function start(container: Container, config: Config) {
  try {
    await startServices(container);
    const parts = await Promise.all([
      container.getAsync(TOKENS.useCases),
      container.getAsync(TOKENS.ports),
      container.getAsync(TOKENS.httpApp),
    ]);
    if (config.QUEUE_EMBEDDED_WORKER) await startScoringWorker(container);
    return parts;
  } catch (error) {
    await closeContainer(container);
    throw error;
  }
}

/**
 * Builds the whole platform for embedding in another TypeScript service, or for tests: migrates the database, starts
 * the queue and (with QUEUE_EMBEDDED_WORKER) the scoring worker; listens only when asked.
 */
export async function createPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const startedAt = new Date();
  const config = loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      ...options.config,
      DATABASE_URL: options.database ?? options.config?.DATABASE_URL ?? 'memory',
    },
  );
  const container = await buildContainer(config, startedAt);
  const [useCases, ports, http] = await start(container, config);
  const servers: DrainingServer[] = [];
  const metricsServers: { close(): Promise<void> }[] = [];
  const publicCases = publicUseCases(useCases);
  return {
    useCases: publicCases,
    waitForEvaluations: (actor, ids, waiting) => waitForEvaluations(publicCases, actor, ids, waiting),
    ports,
    config,
    http,
    async listen(port = 0, host = '127.0.0.1') {
      const logger = await container.getAsync(TOKENS.pino);
      const server = createDrainingServer(http.callback(), (fields) => logger.info(fields, 'request'));
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

// The library's public vocabulary: the use cases, the records they answer, and the errors they raise.
export type { Actor } from '../domain/identity/role.ts';
export type { Ports } from '../application/ports/ports.ts';
export type { UseCases } from '../application/use-cases.ts';
export type { Public, PublicUseCases } from './public-use-cases.ts';
export type { Waiting } from './wait-for-evaluations.ts';
export type { Config } from './config.ts';
export type { HttpApplication } from './http-application.ts';
export * from '../domain/errors.ts';
export type { Product } from '../domain/catalog/product.ts';
export type { Version } from '../domain/catalog/version.ts';
export type { Specification } from '../domain/catalog/specification.ts';
export type { Metric } from '../domain/catalog/metric.ts';
export type { Dataset } from '../domain/dataset/dataset.ts';
export type { TestCase } from '../domain/dataset/test-case.ts';
export type { Session } from '../domain/tracing/session.ts';
export type { InferenceResult } from '../domain/tracing/inference-result.ts';
export type { Span } from '../domain/tracing/span.ts';
export type { Evaluation } from '../domain/evaluation/evaluation.ts';
export type { Run } from '../domain/run/run.ts';
export type { Launch } from '../domain/run/launch.ts';
export type { Organization } from '../domain/organization/organization.ts';
export type { User } from '../domain/identity/user.ts';
export type { ApiKey } from '../domain/identity/api-key.ts';
export type { UserGroup } from '../domain/review/user-group.ts';
