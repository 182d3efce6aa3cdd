import { loadConfig } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { TOKENS } from './tokens.ts';

/**
 * `npm run worker`: a scoring worker process on PostgreSQL (pg-boss). Start as many as needed; each takes
 * jobs with WORKER_CONCURRENCY handlers and stops gracefully on SIGTERM/SIGINT. On SQLite and in memory the
 * worker runs inside `npm start` instead.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { QUEUE_EMBEDDED_WORKER: true });
  if (!config.DATABASE_URL.startsWith('postgres')) {
    throw new Error('npm run worker needs a postgres:// DATABASE_URL; with SQLite the worker runs inside npm start');
  }
  const container = await buildContainer(config);
  const logger = await container.getAsync(TOKENS.pino);
  await container.getAsync(TOKENS.useCases); // resolving the use cases starts the worker
  logger.info({ concurrency: config.WORKER_CONCURRENCY }, 'scoring worker started');
  process.stdout.write('worker ready\n');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing jobs in flight');
    await closeContainer(container);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Assay worker could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
