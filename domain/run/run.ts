import { Conflict, IllegalTransition, IssueCollector, NotFound } from '../errors.ts';
import type { Version } from '../catalog/version.ts';
import type { Creation, StoredRecord, Versioned } from '../shared/record.ts';
import { checkOptionalText } from '../tracing/fields.ts';
import { cancelLaunch, isLaunchOpen, type Launch } from './launch.ts';

export const RUN_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Who opened the run: a launch request without `runId` (LAUNCH), or `POST /runs` (CALLER). */
export const RUN_OPENERS = ['LAUNCH', 'CALLER'] as const;
export type RunOpener = (typeof RUN_OPENERS)[number];

/**
 * `launch` and `cancelLaunch` leave a RUNNING run RUNNING; `complete`, `fail` and `cancel` end it; `relaunch` repeats
 * an ended run and leaves it as it is.
 */
export type RunEvent = 'launch' | 'cancelLaunch' | 'complete' | 'fail' | 'cancel' | 'relaunch';

/**
 * A group of launched evaluations. `ordinal` counts a product's runs from 1 and is never reused. The counts of its
 * evaluations and sessions are read from the evaluations, so they are always current (see RunView).
 */
export interface Run extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly productId: string;
  readonly versionId: string | null;
  readonly userId: string | null;
  readonly ordinal: number;
  readonly customId: string | null;
  readonly relaunchedFromRunId: string | null;
  readonly openedBy: RunOpener;
  readonly status: RunStatus;
  readonly finishedAt: string | null;
}

export interface NewRun {
  readonly productId: string;
  readonly versionId?: string | null;
  readonly customId?: string | null;
}

/** The one transition table of a run's status; final states only allow a relaunch (and deletion, which is no event). */
export const RUN_TRANSITIONS: Record<RunStatus, Partial<Record<RunEvent, RunStatus>>> = {
  RUNNING: { launch: 'RUNNING', cancelLaunch: 'RUNNING', complete: 'COMPLETED', fail: 'FAILED', cancel: 'CANCELLED' },
  COMPLETED: { relaunch: 'COMPLETED' },
  FAILED: { relaunch: 'FAILED' },
  CANCELLED: { relaunch: 'CANCELLED' },
};

export function transition(status: RunStatus, event: RunEvent): RunStatus {
  const next = RUN_TRANSITIONS[status][event];
  if (!next) throw new IllegalTransition(status, event);
  return next;
}

const REFUSALS: Record<RunEvent, string> = {
  launch: 'it takes no more launches',
  cancelLaunch: 'its launches can no longer be cancelled',
  complete: 'it cannot be closed again',
  fail: 'it cannot be closed again',
  cancel: 'it cannot be cancelled',
  relaunch: 'a run is relaunched once it has ended',
};

/** The run's next status, or IllegalTransition naming the run and why. */
export function changeRun(run: Run, event: RunEvent): RunStatus {
  try {
    return transition(run.status, event);
  } catch (error) {
    if (!(error instanceof IllegalTransition)) throw error;
    throw new IllegalTransition(run.status, event, `Run ${run.id} is ${run.status}: ${REFUSALS[event]}`);
  }
}

/** The key of the per-product counter that hands out run ordinals. */
export const runOrdinalSequence = (productId: string): string => `run-ordinal:${productId}`;

export interface RunOpening extends Creation {
  readonly userId: string | null;
  readonly ordinal: number;
  readonly openedBy: RunOpener;
  /** The version the input names, loaded, to check it belongs to the product. */
  readonly version: Version | null;
  readonly relaunchedFromRunId?: string | null;
}

/** A RUNNING run; a version must be one of the product's. */
export function createRun(input: NewRun, opening: RunOpening): Run {
  const issues = new IssueCollector();
  checkOptionalText(issues, 'customId', input.customId, { maxBytes: 255 });
  if (opening.version)
    issues.check(opening.version.productId === input.productId, 'versionId', 'must be a version of the product');
  issues.check(Number.isInteger(opening.ordinal) && opening.ordinal >= 1, 'ordinal', 'must be a positive integer');
  issues.throwIfAny();
  return {
    id: opening.id,
    organizationId: opening.organizationId,
    productId: input.productId,
    versionId: input.versionId ?? null,
    userId: opening.userId,
    ordinal: opening.ordinal,
    customId: input.customId?.trim() ?? null,
    relaunchedFromRunId: opening.relaunchedFromRunId ?? null,
    openedBy: opening.openedBy,
    status: 'RUNNING',
    finishedAt: null,
    createdAt: opening.now,
    deletedAt: null,
    version: 0,
  };
}

/** The product and version a launch (or a session) works on. */
export interface RunTarget {
  readonly productId: string;
  /** Null when the work spans several versions. */
  readonly versionId: string | null;
}

/** The target of work on one version. */
export const versionTarget = (version: Pick<Version, 'id' | 'productId'>): RunTarget => ({
  productId: version.productId,
  versionId: version.id,
});

/**
 * Whether a launch (or a session) may join a run the caller names: the run must be RUNNING and opened by the caller
 * (POST /runs), of the same product, and of the same version when the run names one. Answers the run unchanged.
 */
export function joinRun(run: Run, target: RunTarget, what: 'launch' | 'session'): Run {
  if (run.openedBy !== 'CALLER')
    throw new IllegalTransition(
      run.status,
      'launch',
      `Run ${run.id} was opened by a launch; only runs opened with POST /runs take further ${what}s`,
    );
  changeRun(run, 'launch');
  if (run.productId !== target.productId)
    throw new Conflict(
      `Run ${run.id} belongs to product ${run.productId}, not to the ${what}'s product ${target.productId}`,
    );
  if (run.versionId !== null && run.versionId !== target.versionId)
    throw new Conflict(
      `Run ${run.id} is for version ${run.versionId}; the ${what} is for ${target.versionId === null ? 'several versions' : `version ${target.versionId}`}`,
    );
  return run;
}

/** COMPLETED when any launch completed, else FAILED when any failed, else CANCELLED. */
function settlingEvent(launches: readonly Launch[]): RunEvent {
  if (launches.some((launch) => launch.status === 'COMPLETED')) return 'complete';
  if (launches.some((launch) => launch.status === 'FAILED')) return 'fail';
  return 'cancel';
}

/**
 * A run opened by a launch ends when its last launch ends (status by `settlingEvent`). Answers the ended run, or null
 * while it goes on (or when it is not such a run, or already ended).
 */
export function settleRun(run: Run, launches: readonly Launch[], now: string): Run | null {
  if (run.openedBy !== 'LAUNCH' || run.status !== 'RUNNING' || launches.some(isLaunchOpen)) return null;
  return { ...run, status: changeRun(run, settlingEvent(launches)), finishedAt: now };
}

/**
 * POST /runs/{id}/close: only a RUNNING run opened by the caller, with no launch still QUEUED or RUNNING. It ends
 * COMPLETED, or FAILED when one of its launches FAILED.
 */
export function closeRun(run: Run, launches: readonly Launch[], now: string): Run {
  if (run.openedBy !== 'CALLER')
    throw new IllegalTransition(run.status, 'close', `Run ${run.id} was opened by a launch: it ends with its launches`);
  const event: RunEvent = launches.some((launch) => launch.status === 'FAILED') ? 'fail' : 'complete';
  const status = changeRun(run, event);
  const open = launches.find(isLaunchOpen);
  if (open)
    throw new IllegalTransition(
      run.status,
      'close',
      `Run ${run.id} still has launch ${open.id} ${open.status}: wait for it or cancel it first`,
    );
  return { ...run, status, finishedAt: now };
}

/**
 * Cancels one launch of the run: a launch of another run is not found; an ended run refuses; an ended launch refuses.
 * What the launch already scored is kept (its PENDING evaluations are skipped by the caller).
 */
export function cancelRunLaunch(run: Run, launch: Launch, now: string): Launch {
  if (launch.runId !== run.id) throw NotFound.of('Launch', launch.id);
  changeRun(run, 'cancelLaunch');
  return cancelLaunch(launch, now);
}

export const deleteRun = (run: Run, now: string): Run => ({ ...run, deletedAt: now });
