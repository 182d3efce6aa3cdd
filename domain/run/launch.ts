import { IllegalTransition } from '../errors.ts';
import type { Verdict } from '../evaluation/evaluation.ts';
import type { JsonObject } from '../shared/json.ts';
import type { Creation, StoredRecord, Versioned } from '../shared/record.ts';
import {
  type InferenceGenerationProgress,
  inferenceGenerationDone,
} from '../inference-generation/inference-generation-progress.ts';

/** What a launch does: each evaluation request is one kind; GENERATE_INFERENCES calls the version's endpoint first. */
export const LAUNCH_KINDS = [
  'EVALUATE_SESSION',
  'EVALUATE_INFERENCE_RESULT',
  'EVALUATE_SESSION_BATCH',
  'GENERATE_INFERENCES',
] as const;
export type LaunchKind = (typeof LAUNCH_KINDS)[number];

/**
 * Whether a kind of launch generates inferences (calls the product) rather than scoring existing sessions: only such
 * launches may be relaunched against another version. Every kind must say.
 */
export const GENERATES_INFERENCES: Record<LaunchKind, boolean> = {
  EVALUATE_SESSION: false,
  EVALUATE_INFERENCE_RESULT: false,
  EVALUATE_SESSION_BATCH: false,
  GENERATE_INFERENCES: true,
};

export const LAUNCH_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];
export type LaunchEvent = 'start' | 'finish' | 'fail' | 'cancel';

/**
 * One piece of work inside a run: an evaluation request, or its repetition by a relaunch. `request` is the body as
 * received (for a relaunch, the body of the launch it repeats, named by `relaunchedFromLaunchId`).
 */
export interface Launch extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly runId: string;
  readonly kind: LaunchKind;
  readonly status: LaunchStatus;
  readonly request: JsonObject;
  /** Why the launch itself could not run (FAILED); null otherwise. */
  readonly error: string | null;
  readonly relaunchedFromLaunchId: string | null;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** A generating launch's progress; null for the other kinds (and for a generating one not yet started). */
  readonly progress: InferenceGenerationProgress | null;
}

export interface NewLaunch {
  readonly runId: string;
  readonly kind: LaunchKind;
  readonly request: JsonObject;
  readonly relaunchedFromLaunchId?: string | null;
  readonly progress?: InferenceGenerationProgress | null;
}

/** The one transition table of a launch's status. */
export const LAUNCH_TRANSITIONS: Record<LaunchStatus, Partial<Record<LaunchEvent, LaunchStatus>>> = {
  QUEUED: { start: 'RUNNING', fail: 'FAILED', cancel: 'CANCELLED' },
  RUNNING: { finish: 'COMPLETED', fail: 'FAILED', cancel: 'CANCELLED' },
  COMPLETED: {},
  FAILED: {},
  CANCELLED: {},
};

export function transition(status: LaunchStatus, event: LaunchEvent): LaunchStatus {
  const next = LAUNCH_TRANSITIONS[status][event];
  if (!next) throw new IllegalTransition(status, event);
  return next;
}

function changeLaunch(launch: Launch, event: LaunchEvent): LaunchStatus {
  try {
    return transition(launch.status, event);
  } catch (error) {
    if (!(error instanceof IllegalTransition)) throw error;
    throw new IllegalTransition(launch.status, event, `Launch ${launch.id} is ${launch.status}: it cannot ${event}`);
  }
}

/** The evaluations a cancelled launch leaves unscored end SKIPPED with this verdict; they may be retried. */
export const LAUNCH_CANCELLED: Verdict & { kind: 'skipped' } = {
  kind: 'skipped',
  error: 'launch cancelled',
  canRetry: true,
};

/** A request as a launch stores it: its JSON form (fields left undefined drop out). */
export const launchRequest = (body: object): JsonObject => JSON.parse(JSON.stringify(body)) as JsonObject;

/** A QUEUED launch: a worker starts it. */
export function createLaunch(input: NewLaunch, { id, organizationId, now }: Creation): Launch {
  return {
    id,
    organizationId,
    runId: input.runId,
    kind: input.kind,
    status: 'QUEUED',
    request: input.request,
    error: null,
    relaunchedFromLaunchId: input.relaunchedFromLaunchId ?? null,
    startedAt: null,
    finishedAt: null,
    progress: input.progress ?? null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

export const startLaunch = (launch: Launch, now: string): Launch => ({
  ...launch,
  status: changeLaunch(launch, 'start'),
  startedAt: now,
});

export const cancelLaunch = (launch: Launch, now: string): Launch => ({
  ...launch,
  status: changeLaunch(launch, 'cancel'),
  finishedAt: now,
});

export const failLaunch = (launch: Launch, error: string, now: string): Launch => ({
  ...launch,
  status: changeLaunch(launch, 'fail'),
  error,
  finishedAt: now,
});

/** QUEUED and RUNNING launches are open: they may still create or score evaluations. */
export const isLaunchOpen = (launch: Pick<Launch, 'status'>): boolean =>
  launch.status === 'QUEUED' || launch.status === 'RUNNING';

/**
 * Whether the launch has done its own part: an evaluate launch creates its evaluations when it starts, so once
 * RUNNING only their scoring remains; a generating launch once every test case has an outcome.
 */
export const launchWorkDone = (launch: Pick<Launch, 'status' | 'progress'>): boolean =>
  launch.status !== 'QUEUED' && (launch.progress === null || inferenceGenerationDone(launch.progress));

/**
 * A launch ends when its own work is done and none of its evaluations is PENDING (PENDING_HUMAN is handed over):
 * COMPLETED, whatever each evaluation scored. Answers the ended launch, or null while it goes on (or already ended).
 */
export function settleLaunch(launch: Launch, pendingEvaluations: number, now: string): Launch | null {
  if (!isLaunchOpen(launch) || !launchWorkDone(launch) || pendingEvaluations > 0) return null;
  return { ...launch, status: changeLaunch(launch, 'finish'), finishedAt: now };
}
