import { Conflict, DomainError, StaleVersion } from '../../domain/errors.ts';
import { failLaunch, isLaunchOpen, launchWorkDone, startLaunch, type Launch } from '../../domain/run/launch.ts';
import { callerScores, rescorings } from '../../domain/run/relaunch.ts';
import { unique } from '../../domain/shared/fields.ts';
import { dispatchEvaluations, type Assignment } from '../launch/dispatch-evaluations.ts';
import type { LaunchJob } from '../ports/job-queue.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { failureReason } from '../shared/failure-reason.ts';
import { listIn } from '../shared/list-in.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { settleLaunches, settleRuns } from '../launch/settle-launches.ts';
import { startInferenceGenerationRelaunch } from '../inference-generation/start-inference-generation-relaunch.ts';

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'runs'
  | 'launches'
  | 'evaluations'
  | 'sessions'
  | 'metrics'
  | 'jobQueue'
  | 'inferenceGenerationItems'
  | 'testCases'
  | 'versions'
  | 'endpointConnections'
>;

/** More evaluations than one launch ever creates (1000 sessions by every metric). */
const MANY = 1_000_000;

/** What starting an evaluate launch writes: its evaluations, by session (or turn) and metric. */
type LaunchWork = Omit<Parameters<typeof dispatchEvaluations>[2], 'runId' | 'launchId'>;

/**
 * The launch worker's job: does the own work of an open launch whose work is not done yet, by its kind (an evaluate
 * relaunch is started and re-creates the evaluations of the launch it repeats, in one transaction), then settles it.
 * Idempotent: an evaluate launch is started only while still QUEUED (a cancelled one is left alone), so a redelivered
 * job finds nothing to do. A launch that cannot run (what it repeats is gone) ends FAILED with the reason; a
 * technical failure is thrown, and the queue delivers the job again, until it gives up (`giveUp`: FAILED too).
 */
export class RunLaunches {
  constructor(private readonly ports: Needs) {}

  async executeBatch(jobs: readonly LaunchJob[]): Promise<void> {
    for (const job of jobs) await this.run(job.organizationId, job.launchId);
  }

  /** Ends a launch whose job failed on every attempt: FAILED with the reason while still QUEUED, then settled. */
  async giveUp(job: LaunchJob, failure: unknown): Promise<void> {
    await this.fail(job.organizationId, job.launchId, failureReason('Starting the launch', failure));
    await settleLaunches(this.ports, job.organizationId, [job.launchId]);
  }

  private async run(scope: string, launchId: string): Promise<void> {
    const launch = await this.ports.launches.get(scope, launchId);
    if (launch && isLaunchOpen(launch) && !launchWorkDone(launch)) {
      try {
        await this.work(scope, launch);
      } catch (error) {
        if (!(error instanceof DomainError) || error instanceof StaleVersion) throw error;
        await this.fail(scope, launch.id, error.message);
      }
    }
    await settleLaunches(this.ports, scope, [launchId]);
  }

  /** The own work of each kind of launch: evaluate kinds re-score what their source scored; a generating one plays again. */
  private async work(scope: string, launch: Launch): Promise<void> {
    switch (launch.kind) {
      case 'EVALUATE_SESSION':
      case 'EVALUATE_INFERENCE_RESULT':
      case 'EVALUATE_SESSION_BATCH':
        return this.start(scope, launch, await this.planRescoring(scope, launch));
      case 'GENERATE_INFERENCES':
        return startInferenceGenerationRelaunch(this.ports, scope, launch);
    }
  }

  private async planRescoring(scope: string, launch: Launch): Promise<LaunchWork> {
    const sourceId = launch.relaunchedFromLaunchId;
    const source = sourceId ? await this.ports.launches.get(scope, sourceId) : null;
    if (!source) throw new Conflict(`the launch it repeats (${sourceId ?? 'none'}) no longer exists`);
    const evaluations = await this.ports.evaluations.list(scope, {
      where: where.eq('launchId', source.id),
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    });
    const [sessions, metrics] = await Promise.all([
      listIn(this.ports.sessions, scope, unique(evaluations.map((evaluation) => evaluation.sessionId))),
      listIn(this.ports.metrics, scope, unique(evaluations.map((evaluation) => evaluation.metricId))),
    ]);
    const sessionById = new Map(sessions.map((session) => [session.id, session]));
    const assignments: Assignment[] = rescorings(evaluations).flatMap((entry) => {
      const session = sessionById.get(entry.sessionId);
      return session
        ? [{ session, inferenceResultId: entry.inferenceResultId ?? undefined, metricIds: entry.metricIds }]
        : [];
    });
    return {
      assignments,
      metrics: new Map(metrics.map((metric) => [metric.id, metric])),
      scores: callerScores(evaluations, metrics),
    };
  }

  private start(scope: string, launch: Launch, work: LaunchWork): Promise<void> {
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const current = await this.ports.launches.require(scope, launch.id);
        if (current.status !== 'QUEUED') return;
        await this.ports.launches.update(startLaunch(current, this.ports.clock.now()));
        const run = await this.ports.runs.require(scope, current.runId);
        await dispatchEvaluations(
          this.ports,
          { organizationId: scope, userId: run.userId },
          { ...work, runId: run.id, launchId: current.id },
        );
      }),
    );
  }

  /** Ends a launch that cannot run FAILED with the reason, and settles its run. */
  private fail(scope: string, launchId: string, reason: string): Promise<void> {
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const current = await this.ports.launches.get(scope, launchId);
        if (current?.status !== 'QUEUED') return;
        const now = this.ports.clock.now();
        await this.ports.launches.update(failLaunch(current, reason, now));
        await settleRuns(this.ports, scope, [current.runId], now);
      }),
    );
  }
}
