import { Conflict, InvalidInput } from '../errors.ts';
import type { Metric } from '../catalog/metric.ts';
import type { Evaluation } from '../evaluation/evaluation.ts';
import { MAX_SESSIONS_PER_BATCH } from '../evaluation/launch-request.ts';
import type { Creation } from '../shared/record.ts';
import { createLaunch, GENERATES_INFERENCES, type Launch } from './launch.ts';
import { changeRun, createRun, type Run } from './run.ts';

/** What POST /runs/{id}/relaunch may change: the version (generate launches only) and which test cases they use. */
export interface RelaunchOptions {
  readonly versionId?: string;
  readonly useCurrentTestCases?: boolean;
}

/** What the relaunch rules need to know about the source run besides itself. */
export interface RelaunchSource {
  readonly run: Run;
  readonly launches: readonly Launch[];
  /** Distinct sessions its evaluations cover. */
  readonly sessionCount: number;
}

/**
 * A run may be relaunched once it has ended, when it covered between 1 and 1000 sessions. Evaluate launches re-score
 * the same sessions, so a `versionId` only means something for a run with launches that generate inferences.
 */
export function checkRelaunch({ run, launches, sessionCount }: RelaunchSource, options: RelaunchOptions): void {
  if (options.versionId !== undefined && !launches.some((launch) => GENERATES_INFERENCES[launch.kind]))
    throw InvalidInput.of(
      'versionId',
      `run ${run.id} has no launch that generates inferences: a relaunch re-scores the same sessions`,
    );
  changeRun(run, 'relaunch');
  if (sessionCount === 0) throw new Conflict(`Run ${run.id} covered no session: there is nothing to relaunch`);
  if (sessionCount > MAX_SESSIONS_PER_BATCH)
    throw new Conflict(
      `Run ${run.id} covered ${sessionCount} sessions; a relaunch repeats at most ${MAX_SESSIONS_PER_BATCH}`,
    );
}

/**
 * The new run (opened by a launch, pointing at its source) and one QUEUED launch per launch of the source. A launch that
 * generates inferences repeats its request with the relaunch's options (`versionId`, `useCurrentTestCases`); the new
 * run names the relaunch's version when one is given.
 */
export function relaunchRun(
  { run, launches }: RelaunchSource,
  opening: Creation & { userId: string; ordinal: number; launchIds: readonly string[]; options?: RelaunchOptions },
): { run: Run; launches: Launch[] } {
  const options = opening.options ?? {};
  const requestOf = (source: Launch) =>
    GENERATES_INFERENCES[source.kind]
      ? {
          ...source.request,
          ...(options.versionId === undefined ? {} : { versionId: options.versionId }),
          ...(options.useCurrentTestCases === undefined ? {} : { useCurrentTestCases: options.useCurrentTestCases }),
        }
      : source.request;
  const next = createRun(
    { productId: run.productId, versionId: options.versionId ?? run.versionId },
    {
      id: opening.id,
      organizationId: opening.organizationId,
      now: opening.now,
      userId: opening.userId,
      ordinal: opening.ordinal,
      openedBy: 'LAUNCH',
      version: null,
      relaunchedFromRunId: run.id,
    },
  );
  return {
    run: next,
    launches: launches.map((source, index) =>
      createLaunch(
        { runId: next.id, kind: source.kind, request: requestOf(source), relaunchedFromLaunchId: source.id },
        { id: opening.launchIds[index], organizationId: opening.organizationId, now: opening.now },
      ),
    ),
  };
}

/** One session (or one turn of it) an evaluate relaunch scores again, with the metrics the source scored it by. */
export interface Rescoring {
  readonly sessionId: string;
  readonly inferenceResultId: string | null;
  readonly metricIds: readonly string[];
}

type Scored = Pick<Evaluation, 'sessionId' | 'inferenceResultId' | 'metricId' | 'score'>;

/** The sessions (and turns) of the source launch's evaluations, in order, each with its metrics once. */
export function rescorings(evaluations: readonly Scored[]): Rescoring[] {
  const byTarget = new Map<string, { sessionId: string; inferenceResultId: string | null; metricIds: string[] }>();
  for (const evaluation of evaluations) {
    const key = `${evaluation.sessionId}\u0000${evaluation.inferenceResultId ?? ''}`;
    const entry = byTarget.get(key) ?? {
      sessionId: evaluation.sessionId,
      inferenceResultId: evaluation.inferenceResultId,
      metricIds: [],
    };
    if (!entry.metricIds.includes(evaluation.metricId)) entry.metricIds.push(evaluation.metricId);
    byTarget.set(key, entry);
  }
  return [...byTarget.values()];
}

/** The scores the source's caller supplied: a SELF_HOSTED metric is only ever scored that way, so its score is one. */
export function callerScores(
  evaluations: readonly Scored[],
  metrics: readonly Pick<Metric, 'id' | 'source'>[],
): Map<string, number> {
  const selfHosted = new Set(metrics.filter((metric) => metric.source === 'SELF_HOSTED').map((metric) => metric.id));
  return new Map(
    evaluations.flatMap((evaluation) =>
      selfHosted.has(evaluation.metricId) && evaluation.score !== null
        ? [[evaluation.metricId, evaluation.score] as const]
        : [],
    ),
  );
}
