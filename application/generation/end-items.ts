import { isActiveMetric, type Metric } from '../../domain/catalog/metric.ts';
import { endItem, isItemOpen } from '../../domain/generation/generation-item.ts';
import { addOutcome, type ItemOutcome } from '../../domain/generation/progress.ts';
import { isLaunchOpen, type Launch, launchWorkDone } from '../../domain/run/launch.ts';
import type { Run } from '../../domain/run/run.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { finishSession, type Session } from '../../domain/tracing/session.ts';
import { dispatchEvaluations } from '../evaluations/dispatch-evaluations.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { settleLaunches } from '../runs/settle-launches.ts';
import { retryContended } from './retry-contended.ts';

/** How a played test case ended: the session's stopping reason, or the error that failed it. */
export interface Played {
  readonly stoppingReason: string | null;
  readonly error: string | null;
  /** Set on a simulated conversation: what its evaluations carry. */
  readonly simulation?: { readonly conversationSimulatorVersion: string; readonly failedTurns: readonly string[] };
}

/** A test case played to its end. */
export interface Finished {
  readonly session: Session;
  readonly played: Played;
  /** The single turn to record. */
  readonly turn?: InferenceResult;
  /** The session is not in the store yet: it is inserted, finished, with the item's end. */
  readonly unsaved?: boolean;
}

/** One item to end: its played test case (none when it never started), or why it failed. */
export interface Ending {
  readonly scope: string;
  readonly itemId: string;
  readonly finished: Finished | null;
  readonly failure: ItemOutcome | null;
  readonly error: string | null;
}

interface Waiting {
  readonly ending: Ending;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** What a group's transaction read once for all its items, and the launches it changed. */
interface Shared {
  readonly launches: Map<string, Launch>;
  readonly changed: Set<string>;
  readonly runs: Map<string, Promise<Run>>;
  readonly metrics: Map<string, Promise<Metric | null>>;
}

/**
 * Ends generation items in groups (a group commit): the items ending while a group's transaction runs wait, then end
 * together in the next one. Each item ends exactly as alone (an item another delivery ended is left as it is); their
 * launch is read once and its progress written once per group. A group failing for another reason than a stale
 * version ends its items one by one, so one bad item never fails the others.
 */
export class EndGroup {
  private readonly waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly ports: Ports) {}

  end(ending: Ending): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ ending, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        try {
          await this.commit(group.map((entry) => entry.ending));
          for (const entry of group) entry.resolve();
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else await Promise.all(group.map((entry) => this.commit([entry.ending]).then(entry.resolve, entry.reject)));
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** One transaction ending every item of the group; then the launches whose work is done settle. */
  private async commit(endings: readonly Ending[]): Promise<void> {
    const settle = await retryContended(() =>
      this.ports.uow.transaction(async () => {
        const shared: Shared = { launches: new Map(), changed: new Set(), runs: new Map(), metrics: new Map() };
        const settling = new Map<string, string>();
        for (const ending of endings) {
          const launchId = await this.endOne(ending, shared);
          if (launchId) settling.set(launchId, ending.scope);
        }
        for (const launchId of shared.changed) {
          const launch = shared.launches.get(launchId) as Launch;
          await this.ports.launches.update(launch);
          // Only the items completing the launch's work can end it here; before that, its scoring settles it.
          if (!launchWorkDone(launch)) settling.delete(launchId);
        }
        return settling;
      }),
    );
    for (const [launchId, scope] of settle) await settleLaunches(this.ports, scope, [launchId]);
  }

  /** Ends one item inside the group's transaction; answers its launch, or null when there is nothing to settle. */
  private async endOne(ending: Ending, shared: Shared): Promise<string | null> {
    const { scope, itemId, finished, failure, error } = ending;
    const item = await this.ports.generationItems.require(scope, itemId);
    // Ended by another delivery, which recorded its own turn: this one's is dropped.
    if (!isItemOpen(item)) return item.launchId;
    const launch = await this.launch(scope, item.launchId, shared);
    const now = this.ports.clock.now();
    let outcome: ItemOutcome =
      failure?.kind === 'failed' && !isLaunchOpen(launch)
        ? { kind: 'cancelled' }
        : (failure ?? { kind: 'done', evaluationsCreated: 0 });
    const sessionId = finished?.session.id ?? item.sessionId;
    const session = finished?.unsaved
      ? finished.session
      : sessionId
        ? await this.ports.sessions.require(scope, sessionId)
        : null;
    // insertMany: the stores' light path for new rows (one JSON parameter, no model instance per row).
    if (finished?.unsaved)
      await this.ports.sessions.insertMany([finishSession(finished.session, finished.played, now)]);
    else if (session?.status === 'PENDING')
      await this.ports.sessions.update(finishSession(session, finished?.played ?? { error }, now));
    if (finished?.turn) await this.ports.inferenceResults.insertMany([finished.turn]);
    if (finished && session && finished.played.error === null && isLaunchOpen(launch)) {
      const metrics = (
        await Promise.all([...new Set(item.metricIds)].map((id) => this.metric(scope, id, shared)))
      ).filter((metric): metric is Metric => metric !== null && isActiveMetric(metric));
      const run = await this.run(scope, item.runId, shared);
      const evaluations = await dispatchEvaluations(
        this.ports,
        { organizationId: scope, userId: run.userId },
        {
          assignments: [{ session, metricIds: metrics.map((metric) => metric.id) }],
          metrics: new Map(metrics.map((metric) => [metric.id, metric])),
          scores: new Map(),
          runId: run.id,
          launchId: launch.id,
          simulation: finished.played.simulation,
        },
      );
      outcome = { kind: 'done', evaluationsCreated: evaluations.length };
    }
    const status = outcome.kind === 'done' ? 'DONE' : outcome.kind === 'failed' ? 'FAILED' : 'SKIPPED';
    await this.ports.generationItems.update({ ...endItem(item, status, error, now), sessionId: session?.id ?? null });
    // Out of credits: the launch stops generating; the test cases not started yet are skipped for credits.
    const left =
      outcome.kind === 'noCredits'
        ? await this.ports.generationItems.list(scope, {
            where: [...where.eq('launchId', launch.id), ...where.eq('status', 'QUEUED')],
          })
        : [];
    for (const queued of left) await this.ports.generationItems.update(endItem(queued, 'SKIPPED', error, now));
    const outcomes = [
      outcome,
      ...left.map((queued) => ({ kind: 'noCredits' as const, testCaseId: queued.testCaseId })),
    ];
    if (launch.progress) {
      shared.launches.set(launch.id, { ...launch, progress: outcomes.reduce(addOutcome, launch.progress) });
      shared.changed.add(launch.id);
    }
    return launch.id;
  }

  private async launch(scope: string, id: string, shared: Shared): Promise<Launch> {
    const known = shared.launches.get(id);
    if (known) return known;
    const launch = await this.ports.launches.require(scope, id);
    shared.launches.set(id, launch);
    return launch;
  }

  private run(scope: string, id: string, shared: Shared): Promise<Run> {
    return once(shared.runs, `${scope}/${id}`, () => this.ports.runs.require(scope, id));
  }

  /** By id (prepared statements): a test case has a metric or two, and a group shares them. */
  private metric(scope: string, id: string, shared: Shared): Promise<Metric | null> {
    return once(shared.metrics, `${scope}/${id}`, () => this.ports.metrics.get(scope, id));
  }
}

/** The read a group made already, or this one, made once. */
function once<T>(reads: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  const known = reads.get(key);
  if (known) return known;
  const reading = read();
  reads.set(key, reading);
  return reading;
}
