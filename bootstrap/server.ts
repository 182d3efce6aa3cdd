import { loadConfig } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { createDrainingServer } from './draining-server.ts';
import { announceFirstStart } from './first-start.ts';
import { startScoringWorker } from './scoring-worker.ts';
import { startServices } from './start-services.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { TOKENS } from './tokens.ts';
import { serveConfiguredMetrics } from './metrics-server.ts';

/**
 * `npm start`: migrates the configured database, starts the queue (and the scoring worker unless it runs apart), then
 * serves the HTTP API (and the metrics, when configured), with graceful shutdown on SIGTERM and SIGINT.
 */
async function main(startedAt: Date): Promise<void> {
  const config = loadConfig();
  const container = await buildContainer(config, startedAt);
  const logger = await container.getAsync(TOKENS.pino);
  await startServices(container);
  const useCases = await container.getAsync(TOKENS.useCases);
  const app = await container.getAsync(TOKENS.httpApp);
  await announceFirstStart(useCases, config, (line) => process.stdout.write(`${line}\n`));
  if (config.QUEUE_EMBEDDED_WORKER) await startScoringWorker(container);

  const http = createDrainingServer(app.callback(), (fields) => logger.info(fields, 'request'));
  const { port } = await http.listen(config.PORT, config.HOST);
  logger.info(
    { port, database: config.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@') },
    `Assay listening on http://localhost:${port}`,
  );

  const metrics = await serveConfiguredMetrics(container, config, logger);

  stopOnSignals(logger, async (signal) => {
    logger.info({ signal }, 'shutting down: no new connections, draining requests in flight');
    const { unfinished } = await http.drain(config.SHUTDOWN_GRACE_MS);
    if (unfinished > 0) logger.warn({ unfinished }, 'requests still running after SHUTDOWN_GRACE_MS were cut off');
    // The scoring worker stops taking jobs and lets running ones finish (or hands them back), then the pool closes.
    await metrics?.close();
    await closeContainer(container);
  });
}

main(new Date()).catch((error: unknown) => {
  process.stderr.write(`Assay could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
