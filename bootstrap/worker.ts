import { loadConfig } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { startScoringWorker } from './scoring-worker.ts';
import { startServices } from './start-services.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { TOKENS } from './tokens.ts';
import { serveConfiguredMetrics } from './metrics-server.ts';
import { serveWorkerSelfCheck } from './worker-self-check.ts';

/**
 * `npm run worker`: a scoring worker process on PostgreSQL (pg-boss). Start as many as needed; each takes
 * jobs with WORKER_CONCURRENCY handlers and stops gracefully on SIGTERM/SIGINT. On SQLite and in memory the
 * worker runs inside `npm start` instead.
 */
async function main(startedAt: Date): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL.startsWith('postgres')) {
    throw new Error('npm run worker needs a postgres:// DATABASE_URL; with SQLite the worker runs inside npm start');
  }
  const container = await buildContainer(config, startedAt);
  const logger = await container.getAsync(TOKENS.pino);
  await startServices(container);
  await startScoringWorker(container);
  logger.info({ concurrency: config.WORKER_CONCURRENCY }, 'scoring worker started');
  const selfCheck =
    config.WORKER_PORT === undefined ? null : await serveWorkerSelfCheck(container, config, config.WORKER_PORT);
  if (selfCheck) logger.info({ port: selfCheck.port, host: config.WORKER_HOST }, 'worker self-check listening');
  process.stdout.write('worker ready\n');
  const metrics = await serveConfiguredMetrics(container, config, logger);

  stopOnSignals(logger, async (signal) => {
    logger.info({ signal }, 'worker stopping: no new jobs, finishing those in flight');
    // Jobs still running after SHUTDOWN_GRACE_MS are handed back to the queue for another worker.
    await selfCheck?.close();
    await metrics?.close();
    await closeContainer(container);
  });
}

main(new Date()).catch((error: unknown) => {
  process.stderr.write(`Assay worker could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
