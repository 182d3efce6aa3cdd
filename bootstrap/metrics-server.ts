import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UseCases } from '../application/use-cases.ts';
import type { PlatformMetrics } from '../adapters/metrics/prometheus-metrics.ts';

/** The use cases with span ingestion counted (accepted and refused spans); everything else untouched. */
export function countSpans(useCases: UseCases, metrics: PlatformMetrics): UseCases {
  const ingest = useCases.ingestSpans;
  const execute = ingest.execute.bind(ingest);
  ingest.execute = async (actor, inputs) => {
    try {
      const result = await execute(actor, inputs);
      metrics.countSpans(result.created.length, result.rejected.length);
      return result;
    } catch (error) {
      metrics.countSpans(0, inputs.length);
      throw error;
    }
  };
  return useCases;
}

/** Serves `GET /metrics` (Prometheus text format) on its own port, apart from the API; resolves once listening. */
export async function serveMetrics(
  metrics: PlatformMetrics,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
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
