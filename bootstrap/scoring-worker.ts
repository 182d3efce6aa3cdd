import type { Container } from 'inversify';
import type { Logger } from '../application/ports/logger.ts';
import type { JobHandler } from '../adapters/queue/job-runner.ts';
import { TOKENS } from './tokens.ts';

/** A handler that logs a failing batch (naming its jobs) before the queue delivers it again. */
const logged =
  <J>(logger: Logger, handle: JobHandler<J>, describe: (jobs: readonly J[]) => Record<string, unknown>, what: string) =>
  async (jobs: readonly J[]): Promise<void> => {
    try {
      await handle(jobs);
    } catch (error) {
      logger.error({ err: error, ...describe(jobs) }, `${what} failed; the jobs will be delivered again`);
      throw error;
    }
  };

/**
 * Starts scoring jobs and launch jobs in this process, with WORKER_CONCURRENCY handlers each, after settling the
 * launches a stopped process may have left RUNNING with nothing to score. Entry points call it explicitly (the server
 * and the embedded library when QUEUE_EMBEDDED_WORKER is on, the worker always): building or resolving the container
 * never starts work. A failing batch is logged and delivered again by the queue.
 */
export async function startScoringWorker(container: Container): Promise<void> {
  const [queue, useCases, config, ports] = await Promise.all([
    container.getAsync(TOKENS.jobQueue),
    container.getAsync(TOKENS.useCases),
    container.getAsync(TOKENS.config),
    container.getAsync(TOKENS.ports),
  ]);
  await useCases.settleOpenLaunches.execute();
  await queue.startLaunchWorker(
    logged(
      ports.logger,
      (jobs) => useCases.runLaunches.executeBatch(jobs),
      (jobs) => ({ launchIds: jobs.map((job) => job.launchId) }),
      'starting a launch',
    ),
    config.WORKER_CONCURRENCY,
  );
  await queue.startGenerationWorker(
    logged(
      ports.logger,
      (jobs) => useCases.generateTestCase.executeBatch(jobs),
      (jobs) => ({ generationItemIds: jobs.map((job) => job.itemId) }),
      'generating a test case',
    ),
    config.GENERATION_CONCURRENCY,
  );
  await queue.startWorker(
    logged(
      ports.logger,
      (jobs) => useCases.scoreEvaluation.executeBatch(jobs),
      (jobs) => ({ evaluationIds: jobs.map((job) => job.evaluationId) }),
      'scoring',
    ),
    config.WORKER_CONCURRENCY,
  );
}
