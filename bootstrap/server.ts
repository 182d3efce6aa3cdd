import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { announceFirstStart } from './first-start.ts';
import { TOKENS } from './tokens.ts';

/** `npm start`: the HTTP API on the configured database, with graceful shutdown on SIGTERM and SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const container = await buildContainer(config);
  const logger = await container.getAsync(TOKENS.pino);
  const useCases = await container.getAsync(TOKENS.useCases);
  const app = await container.getAsync(TOKENS.httpApp);
  await announceFirstStart(useCases, config, (line) => process.stdout.write(`${line}\n`));

  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port, database: config.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@') },
    `Assay listening on http://localhost:${port}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, draining requests in flight');
    const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
    force.unref();
    // close() drops idle keep-alive connections itself (Node ≥ 19) and calls back once the busy ones end.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeContainer(container);
    logger.info({}, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Assay could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
