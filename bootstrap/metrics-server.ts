import type { Container } from 'inversify';
import type pino from 'pino';
import type { PlatformMetrics } from '../adapters/metrics/prometheus-metrics.ts';
import type { Config } from './config.ts';
import { type SideServer, serveSide } from './side-server.ts';
import { TOKENS } from './tokens.ts';

/** Serves `GET /metrics` (Prometheus text format) on its own port, apart from the API; resolves once listening. */
export function serveMetrics(metrics: PlatformMetrics, port: number, host: string): Promise<SideServer> {
  return serveSide(port, host, async (request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Only GET /metrics is served here\n');
      return;
    }
    try {
      const text = await metrics.registry.metrics();
      response.writeHead(200, { 'content-type': metrics.registry.contentType });
      response.end(text);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`metrics could not be collected: ${(error as Error).message}\n`);
    }
  });
}

/** The metrics server of `npm start` and `npm run worker` when METRICS_PORT is set (and where it listens is logged). */
export async function serveConfiguredMetrics(
  container: Container,
  config: Config,
  logger: pino.Logger,
): Promise<SideServer | null> {
  if (config.METRICS_PORT === undefined) return null;
  const metrics = await serveMetrics(
    await container.getAsync(TOKENS.metrics),
    config.METRICS_PORT,
    config.METRICS_HOST,
  );
  logger.info({ port: metrics.port, host: config.METRICS_HOST }, 'Prometheus metrics on /metrics');
  return metrics;
}
