import type PgBoss from 'pg-boss';
import { Unavailable } from '../../domain/errors.ts';

/**
 * Where pg-boss moves a job that failed its last attempt, however it failed: thrown by its handler, or expired
 * because its worker hung or died (pg-boss never calls a handler for those). Working this queue gives every such
 * job up, so no evaluation, launch or test case waits forever.
 */
export const givenUpQueue = (name: string) => `${name}-given-up`;

/** Creates a queue unless it exists (another process may be creating it at the same moment). */
export async function ensureQueue(boss: PgBoss, name: string, settings: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  if (await boss.getQueue(name)) return;
  await boss.createQueue(name, { name, ...settings }).catch(async (error: unknown) => {
    if (!(await boss.getQueue(name))) throw error;
  });
}

/**
 * Why a dead-lettered job failed, from what pg-boss recorded: a job that ran out of time is told to the tenant as
 * such; a message of ours came from a handler's failure, which the handler's last attempt already
 * gave up with the real error, and stays generic here.
 */
export function failureOf(output: unknown): Error {
  const recorded = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  // pg-boss's words: "handler execution exceeded …ms" (its worker's own timer), "job failed by timeout in active
  // state" (maintenance, for a job whose worker died).
  const timedOut = [recorded?.message, recorded?.value?.message].some(
    (message) => typeof message === 'string' && /^handler execution exceeded|failed by timeout/.test(message),
  );
  if (timedOut)
    return new Unavailable(
      'the job ran past QUEUE_JOB_TIMEOUT_SECONDS, or its worker stopped beating (QUEUE_HEARTBEAT_SECONDS): it hung or stopped',
    );
  return new Error(typeof recorded?.message === 'string' ? recorded.message : 'the job failed on every attempt');
}

/** Generation jobs of datasets: one job makes up to GENERATION_MAX_CALLS model calls, so it may run long. */
export const DATASET_GENERATION_QUEUE = 'dataset-generations';
export const SCORING_QUEUE = 'evaluation-scoring';
export const LAUNCH_QUEUE = 'run-launches';
export const INFERENCE_GENERATION_QUEUE = 'generation-items';
export const REPRICING_QUEUE = 'cost-repricings';
/** Trivial jobs of the self-check: a worker picking one up proves the queue delivers. */
/**
 * How often a queue's lanes after the first look for jobs while idle: the first lane polls at QUEUE_POLL_SECONDS and,
 * once it gets work, wakes the others. Every lane polling at the fast rate cost about 80 queries a second while idle.
 */
export const SPARE_LANE_POLL_SECONDS = 10;

export const PING_QUEUE = 'self-check-ping';
/** The queues workers take jobs from; each has its dead-letter queue of jobs that failed every attempt. */
export const WORKED_QUEUES = [
  SCORING_QUEUE,
  LAUNCH_QUEUE,
  INFERENCE_GENERATION_QUEUE,
  REPRICING_QUEUE,
  DATASET_GENERATION_QUEUE,
];

/**
 * How long a job of queue `name` may run before pg-boss hands it to another worker: QUEUE_JOB_TIMEOUT_SECONDS, but at
 * least two hours for a dataset generation job (heartbeats still bring a dead worker's job back soon).
 */
export const expirySeconds = (name: string, configured: number): number =>
  name === DATASET_GENERATION_QUEUE ? Math.max(configured, 7200) : configured;

export interface PgBossQueueOptions {
  readonly connectionString: string;
  /** A job whose worker has not finished after this long is handed to another worker. */
  readonly jobTimeoutSeconds: number;
  /** A job whose worker stopped beating (it died) this long ago is handed to another worker (`JobHeartbeat`). */
  readonly heartbeatSeconds?: number;
  /** How often expired jobs are looked for (pg-boss maintenance). */
  readonly maintenanceSeconds: number;
  readonly retryLimit: number;
  /** Jobs one worker fetches per poll. */
  readonly batchSize: number;
  readonly pollingSeconds: number;
  /** Only processes that run workers supervise (expire, retry) jobs. */
  readonly supervise: boolean;
  /** How long `stop` waits for running jobs before failing them back to the queue (retried by another worker). */
  readonly stopGraceMs?: number;
  /** pg-boss's background failures (maintenance, polling, lost connections). */
  readonly onError?: (error: unknown) => void;
}
