import type { Container } from 'inversify';
import { JobDeferred } from '../application/ports/job-queue.ts';
import type { Logger } from '../application/ports/logger.ts';
import type { JobWorker } from '../adapters/queue/job-runner.ts';
import { TOKENS } from './tokens.ts';

/** A use case that works through a batch of jobs, and ends a job that failed on every attempt. */
interface JobUseCase<J> {
  executeBatch(jobs: readonly J[]): Promise<void>;
  giveUp(job: J, failure: unknown): Promise<void>;
}

/** The use case as a queue worker that logs each failing handler call (naming its jobs) and each job given up. */
function logged<J>(
  logger: Logger,
  useCase: JobUseCase<J>,
  describe: (jobs: readonly J[]) => Record<string, unknown>,
  what: string,
): JobWorker<J> {
  return {
    async handle(jobs) {
      try {
        await useCase.executeBatch(jobs);
      } catch (error) {
        if (error instanceof JobDeferred) throw error; // waiting for a busy product is no failure
        const next = jobs.length > 1 ? 'each job is tried alone' : 'the job will be delivered again';
        logger.error({ err: error, ...describe(jobs) }, `${what} failed; ${next}`);
        throw error;
      }
    },
    async giveUp(job, failure) {
      logger.error({ err: failure, ...describe([job]) }, `${what} failed on every attempt; the job is given up`);
      await useCase.giveUp(job, failure);
    },
  };
}

/**
 * Starts scoring jobs and launch jobs in this process, with WORKER_CONCURRENCY handlers each, after settling the
 * launches a stopped process may have left RUNNING with nothing to score. Entry points call it explicitly (the server
 * and the embedded library when QUEUE_EMBEDDED_WORKER is on, the worker always): building or resolving the container
 * never starts work. A failing job is logged and delivered again; one failing every attempt ends FAILED. The worker
 * also runs the retention and purge sweep every RETENTION_SWEEP_SECONDS, the monitors' discovery every
 * MONITOR_SWEEP_SECONDS and their alert rules every ALERT_EVALUATION_SECONDS.
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
      useCases.runLaunches,
      (jobs) => ({ launchIds: jobs.map((job) => job.launchId) }),
      'starting a launch',
    ),
    config.WORKER_CONCURRENCY,
  );
  await queue.startInferenceGenerationWorker(
    logged(
      ports.logger,
      useCases.generateInferences,
      (jobs) => ({ inferenceGenerationItemIds: jobs.map((job) => job.itemId) }),
      'generating a test case',
    ),
    config.GENERATION_CONCURRENCY,
  );
  await queue.startRepricingWorker(
    logged(
      ports.logger,
      useCases.runRepricings,
      (jobs) => ({ repricingIds: jobs.map((job) => job.repricingId) }),
      'repricing',
    ),
    1,
  );
  await queue.startDatasetGenerationWorker(
    logged(
      ports.logger,
      useCases.runGenerationJobs,
      (jobs) => ({ generationJobIds: jobs.map((job) => job.jobId) }),
      'generating test cases',
    ),
    config.WORKER_CONCURRENCY,
  );
  await queue.startWorker(
    logged(
      ports.logger,
      useCases.scoreEvaluation,
      (jobs) => ({ evaluationIds: jobs.map((job) => job.evaluationId) }),
      'scoring',
    ),
    config.WORKER_CONCURRENCY,
  );
  (await container.getAsync(TOKENS.sweeper)).start();
  (await container.getAsync(TOKENS.monitorTicks)).start();
}
