import type { Actor } from '../../domain/identity/role.ts';
import { createLaunch, startLaunch, type Launch, type LaunchKind } from '../../domain/run/launch.ts';
import { createRun, joinRun, runOrdinalSequence, type Run, type RunTarget } from '../../domain/run/run.ts';
import type { JsonObject } from '../../domain/shared/json.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import type { InferenceGenerationProgress } from '../../domain/inference-generation/inference-generation-progress.ts';

/** What an evaluation request launches, and where. */
export interface LaunchOpening {
  /** The caller's run to launch into; without it the launch opens a run of its own. */
  readonly runId?: string;
  readonly kind: LaunchKind;
  /** The request as received. */
  readonly request: JsonObject;
  readonly target: RunTarget;
  /** A generating launch's starting progress. */
  readonly progress?: InferenceGenerationProgress;
}

type Needs = Pick<Ports, 'runs' | 'launches' | 'sequences' | 'ids' | 'clock'>;

/** A launch just opened, with its run. */
export interface Opened {
  readonly run: Run;
  readonly launch: Launch;
}

/**
 * Opens a RUNNING launch for a request that does its own work at once: in the caller's run when `runId` names one
 * (under `joinRun`'s rules; the run's version grows, so a concurrent close or launch meets a StaleVersion and looks
 * again), else in a new run opened by the launch, numbered from the product's sequence. Call it inside a transaction.
 */
export async function openLaunch(ports: Needs, actor: Actor, opening: LaunchOpening): Promise<Opened> {
  const scope = actor.organizationId;
  const now = ports.clock.now();
  const run = opening.runId
    ? await ports.runs.update(joinRun(await ports.runs.require(scope, opening.runId), opening.target, 'launch'))
    : await ports.runs.insert(
        createRun(opening.target, {
          id: ports.ids.next('run'),
          organizationId: scope,
          now,
          userId: actor.userId,
          ordinal: await ports.sequences.next(scope, runOrdinalSequence(opening.target.productId)),
          openedBy: 'LAUNCH',
          version: null,
        }),
      );
  const queued = createLaunch(
    { runId: run.id, kind: opening.kind, request: opening.request, progress: opening.progress },
    { id: ports.ids.next('launch'), organizationId: scope, now },
  );
  return { run, launch: await ports.launches.insert(startLaunch(queued, now)) };
}

/**
 * How every launch request starts: opens the launch (and its run) and writes its first work, in one transaction, all
 * of it again when a write meets a stale version (a concurrent launch into the same run).
 */
export function launchWith<T>(
  ports: Needs & Pick<Ports, 'uow'>,
  actor: Actor,
  opening: LaunchOpening,
  work: (opened: Opened) => Promise<T>,
): Promise<Opened & T> {
  return retryStale(() =>
    ports.uow.transaction(async () => {
      const opened = await openLaunch(ports, actor, opening);
      return { ...opened, ...(await work(opened)) };
    }),
  );
}
