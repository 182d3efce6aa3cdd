import type pino from 'pino';

/**
 * On the first SIGTERM or SIGINT runs `stop` once, then logs `stopped` whatever happened and exits: 0, or 1 when
 * stopping itself failed. Later signals are ignored while it runs.
 */
export function stopOnSignals(logger: pino.Logger, stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    let exitCode = 0;
    try {
      await stop(signal);
    } catch (error) {
      exitCode = 1;
      logger.error({ err: error }, 'shutdown failed');
    }
    logger.info({ signal, exitCode }, 'stopped');
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void handle('SIGTERM'));
  process.on('SIGINT', () => void handle('SIGINT'));
}
