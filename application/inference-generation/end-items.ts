import { isActiveMetric, type Metric } from '../../domain/catalog/metric.ts';
import {
  endItem,
  type InferenceGenerationItem,
  isItemOpen,
} from '../../domain/inference-generation/inference-generation-item.ts';
import { addOutcome, type ItemOutcome } from '../../domain/inference-generation/inference-generation-progress.ts';
import { isLaunchOpen, type Launch, launchWorkDone } from '../../domain/run/launch.ts';
import type { Run } from '../../domain/run/run.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { finishSession, type Session } from '../../domain/tracing/session.ts';
import { dispatchEvaluations } from '../launch/dispatch-evaluations.ts';
import type { Ports } from '../ports/ports.ts';
import { settleLaunches } from '../launch/settle-launches.ts';
import { retryContended } from './retry-contended.ts';
import { GroupCommit } from '../shared/group-commit.ts';
import { insertPricedTurns } from '../cost/insert-priced-turns.ts';

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

/** One open item's end as read in the group's transaction, before anything is written. */
interface Plan {
  readonly ending: Ending;
  readonly item: InferenceGenerationItem;
  /** As read first in the group (its progress grows in `Shared.launches`). */
  readonly launch: Launch;
  readonly session: Session | null;
  /** The outcome unless it is scored (`run` set): then done, with the evaluations it got. */
  readonly outcome: ItemOutcome;
  readonly metrics: readonly Metric[];
  readonly run: Run | null;
}

/** What a group's transaction read once for all its items, and the launches it changed. */
interface Shared {
  readonly launches: Map<string, Launch>;
  readonly changed: Set<string>;
  readonly runs: Map<string, Promise<Run>>;
  readonly metrics: Map<string, Promise<Metric | null>>;
}

/**
 * Ends generation items in groups (a group commit, see GroupCommit). Each item ends exactly as alone (an item another
 * delivery ended is left as it is); their launch is read once and its progress written once per group.
 */
export class EndGroup {
  private readonly group = new GroupCommit<Ending>((endings) => this.commit(endings));

  constructor(private readonly ports: Ports) {}

  end(ending: Ending): Promise<void> {
    return this.group.add(ending);
  }

  /**
   * One transaction ending every item of the group: each item's outcome is worked out first, then the group's new
   * sessions, turns and evaluations are written with one statement each, then the items end and their launches'
   * progress is written once each. The launches whose work is done settle after the commit.
   */
  private async commit(endings: readonly Ending[]): Promise<void> {
    const settle = await retryContended(() =>
      this.ports.uow.transaction(async () => {
        const shared: Shared = { launches: new Map(), changed: new Set(), runs: new Map(), metrics: new Map() };
        const settling = new Map<string, string>();
        const plans: Plan[] = [];
        const seen = new Set<string>();
        for (const ending of endings) {
          // The same item twice in one group (two deliveries at once): the second finds it ended, as it would alone.
          const plan = seen.has(ending.itemId) ? 'closed' : await this.plan(ending, shared);
          seen.add(ending.itemId);
          if (plan !== 'closed') plans.push(plan);
          else {
            const item = await this.ports.inferenceGenerationItems.require(ending.scope, ending.itemId);
            settling.set(item.launchId, ending.scope);
          }
        }
        await this.write(plans, shared);
        for (const plan of plans) settling.set(plan.launch.id, plan.ending.scope);
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

  /** What ending one item writes, read inside the group's transaction; 'closed' when another delivery ended it. */
  private async plan(ending: Ending, shared: Shared): Promise<Plan | 'closed'> {
    const { scope, itemId, finished, failure } = ending;
    const item = await this.ports.inferenceGenerationItems.require(scope, itemId);
    if (!isItemOpen(item)) return 'closed';
    const launch = await this.launch(scope, item.launchId, shared);
    const outcome: ItemOutcome =
      failure?.kind === 'failed' && !isLaunchOpen(launch)
        ? { kind: 'cancelled' }
        : (failure ?? { kind: 'done', evaluationsCreated: 0 });
    const sessionId = finished?.session.id ?? item.sessionId;
    const session = finished?.unsaved
      ? finished.session
      : sessionId
        ? await this.ports.sessions.require(scope, sessionId)
        : null;
    const scored = finished !== null && session !== null && finished.played.error === null && isLaunchOpen(launch);
    const metrics = scored
      ? (await Promise.all([...new Set(item.metricIds)].map((id) => this.metric(scope, id, shared)))).filter(
          (metric): metric is Metric => metric !== null && isActiveMetric(metric),
        )
      : [];
    const run = scored ? await this.run(scope, item.runId, shared) : null;
    return { ending, item, launch, session, outcome, metrics, run };
  }

  /** The group's writes: sessions, turns and evaluations one statement each, then each item's end. */
  private async write(plans: readonly Plan[], shared: Shared): Promise<void> {
    const now = this.ports.clock.now();
    const fresh = plans.flatMap(({ ending: { finished } }) =>
      finished?.unsaved ? [finishSession(finished.session, finished.played, now)] : [],
    );
    // insertMany: the stores' light path for new rows (one JSON parameter, no model instance per row).
    if (fresh.length > 0) await this.ports.sessions.insertMany(fresh);
    for (const { ending, session } of plans)
      if (!ending.finished?.unsaved && session?.status === 'PENDING')
        await this.ports.sessions.update(
          finishSession(session, ending.finished?.played ?? { error: ending.error }, now),
        );
    const turns = plans.flatMap(({ ending }) => (ending.finished?.turn ? [ending.finished.turn] : []));
    // Priced and added to the usage rollups per organization, one statement for the group's turns.
    await insertPricedTurns(this.ports, turns);
    const created = await this.dispatch(plans);
    for (const plan of plans) {
      const { ending, item, launch, session } = plan;
      const outcome: ItemOutcome =
        plan.run !== null ? { kind: 'done', evaluationsCreated: created.get(session?.id ?? '') ?? 0 } : plan.outcome;
      const status = outcome.kind === 'done' ? 'DONE' : outcome.kind === 'failed' ? 'FAILED' : 'SKIPPED';
      await this.ports.inferenceGenerationItems.update({
        ...endItem(item, status, ending.error, now),
        sessionId: session?.id ?? null,
      });
      // Out of credits, the launch stops generating (`ranOutOfCredits`): each test case not started yet is skipped when
      // its job comes, not here, so a single turn whose call is in flight (no claim written) keeps its answer.
      const current = shared.launches.get(launch.id) ?? launch;
      if (current.progress) {
        shared.launches.set(launch.id, { ...current, progress: addOutcome(current.progress, outcome) });
        shared.changed.add(launch.id);
      }
    }
  }

  /**
   * The evaluations of the plans to score, one dispatch per launch (a simulated conversation's alone: its evaluations
   * carry its own simulation); answers how many each session got.
   */
  private async dispatch(plans: readonly Plan[]): Promise<Map<string, number>> {
    const created = new Map<string, number>();
    const batches = new Map<string, Plan[]>();
    for (const plan of plans) {
      if (plan.run === null || plan.session === null) continue;
      const key = plan.ending.finished?.played.simulation ? plan.item.id : `${plan.ending.scope}/${plan.launch.id}`;
      batches.set(key, [...(batches.get(key) ?? []), plan]);
    }
    for (const batch of batches.values()) {
      const [{ ending, launch, run }] = batch;
      const metrics = new Map(batch.flatMap((plan) => plan.metrics.map((metric) => [metric.id, metric] as const)));
      const evaluations = await dispatchEvaluations(
        this.ports,
        { organizationId: ending.scope, userId: (run as Run).userId },
        {
          assignments: batch.map((plan) => ({
            session: plan.session as Session,
            metricIds: plan.metrics.map((metric) => metric.id),
          })),
          metrics,
          scores: new Map(),
          runId: (run as Run).id,
          launchId: launch.id,
          simulation: ending.finished?.played.simulation,
        },
      );
      for (const evaluation of evaluations)
        created.set(evaluation.sessionId, (created.get(evaluation.sessionId) ?? 0) + 1);
    }
    return created;
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
