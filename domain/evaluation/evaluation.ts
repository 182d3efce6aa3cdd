import { IllegalTransition, IssueCollector } from '../errors.ts';
import type { StoredRecord, Versioned } from '../shared/record.ts';
import { storableText } from '../shared/storable-text.ts';

export const EVALUATION_STATUSES = ['PENDING', 'PENDING_HUMAN', 'SUCCESS', 'FAILED', 'SKIPPED'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** The spec's Evaluation, plus the run and launch that created it and the internal links (organization, version) its filters need. */
export interface Evaluation extends StoredRecord, Versioned {
  readonly organizationId: string;
  readonly metricId: string;
  readonly sessionId: string;
  readonly userId: string | null;
  readonly status: EvaluationStatus;
  readonly testCaseId: string | null;
  readonly inferenceResultId: string | null;
  readonly score: number | null;
  readonly reason: string | null;
  readonly error: string | null;
  readonly canRetry: boolean | null;
  readonly creditsUsed: number | null;
  readonly conversationSimulatorVersion: string | null;
  readonly humanEvaluatorId: string | null;
  readonly humanEvaluatorStartedAt: string | null;
  /** A reviewer's score (the score itself for a HUMAN metric, an annotation beside an automatic one); null until then. */
  readonly humanScore: number | null;
  readonly humanReason: string | null;
  readonly failedTurns: readonly string[];
  readonly evaluatedAt: string | null;
  readonly metricLegacyAt: string | null;
  readonly metricDisabledAt: string | null;
  readonly runId: string | null;
  readonly launchId: string | null;
  readonly versionId: string | null;
  /** The monitor that queued it; an evaluation belongs to a run or to a monitor, never both. */
  readonly monitorId: string | null;
}

export type EvaluationEvent = 'score' | 'fail' | 'skip' | 'awaitHuman' | 'retry' | 'submitHuman';

/** The one transition table of an evaluation's status. */
export const EVALUATION_TRANSITIONS: Record<EvaluationStatus, Partial<Record<EvaluationEvent, EvaluationStatus>>> = {
  PENDING: { score: 'SUCCESS', fail: 'FAILED', skip: 'SKIPPED', awaitHuman: 'PENDING_HUMAN' },
  PENDING_HUMAN: { submitHuman: 'SUCCESS' },
  SUCCESS: {},
  FAILED: { retry: 'PENDING' },
  SKIPPED: { retry: 'PENDING' },
};

export function transition(status: EvaluationStatus, event: EvaluationEvent): EvaluationStatus {
  const next = EVALUATION_TRANSITIONS[status][event];
  if (!next) throw new IllegalTransition(status, event);
  return next;
}

/** What scoring decided for one evaluation. */
export type Verdict =
  | { readonly kind: 'scored'; readonly score: number; readonly reason: string | null; readonly creditsUsed?: number }
  | { readonly kind: 'failed'; readonly error: string; readonly canRetry: boolean }
  | { readonly kind: 'skipped'; readonly error: string; readonly canRetry: boolean }
  | { readonly kind: 'awaitHuman' };

export interface NewEvaluation {
  readonly id: string;
  readonly organizationId: string;
  readonly metricId: string;
  readonly sessionId: string;
  readonly userId: string | null;
  readonly testCaseId: string | null;
  readonly inferenceResultId: string | null;
  readonly runId: string | null;
  readonly launchId: string | null;
  readonly versionId: string | null;
  readonly metricLegacyAt: string | null;
  readonly metricDisabledAt: string | null;
  /** The monitor that queued it (then runId and launchId are null). */
  readonly monitorId?: string | null;
  /** A caller-supplied score (SELF_HOSTED metrics): the evaluation is born SUCCESS with it. */
  readonly score?: number;
}

export const isValidScore = (score: number): boolean => Number.isFinite(score) && score >= 0 && score <= 1;

/** The score summaries count: a reviewer's where there is one, else the automatic one. */
export const effectiveScore = (evaluation: Pick<Evaluation, 'score' | 'humanScore'>): number | null =>
  evaluation.humanScore ?? evaluation.score;

/** A PENDING evaluation, or a SUCCESS one when the caller supplied the score. */
export function createEvaluation(input: NewEvaluation, now: string): Evaluation {
  const issues = new IssueCollector();
  if (input.score !== undefined) issues.check(isValidScore(input.score), 'score', 'must be between 0 and 1');
  issues.throwIfAny();
  const base: Evaluation = {
    id: input.id,
    organizationId: input.organizationId,
    metricId: input.metricId,
    sessionId: input.sessionId,
    userId: input.userId,
    status: 'PENDING',
    testCaseId: input.testCaseId,
    inferenceResultId: input.inferenceResultId,
    score: null,
    reason: null,
    error: null,
    canRetry: null,
    creditsUsed: null,
    conversationSimulatorVersion: null,
    humanEvaluatorId: null,
    humanEvaluatorStartedAt: null,
    humanScore: null,
    humanReason: null,
    failedTurns: [],
    evaluatedAt: null,
    metricLegacyAt: input.metricLegacyAt,
    metricDisabledAt: input.metricDisabledAt,
    runId: input.runId,
    launchId: input.launchId,
    versionId: input.versionId,
    monitorId: input.monitorId ?? null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
  if (input.score === undefined) return base;
  return applyVerdict(
    base,
    { kind: 'scored', score: input.score, reason: 'Score supplied by the caller', creditsUsed: 0 },
    now,
  );
}

/** Records the outcome of scoring; only a PENDING evaluation takes one. Its texts come from outside (a model, an error): NUL is replaced. */
export function applyVerdict(evaluation: Evaluation, verdict: Verdict, now: string): Evaluation {
  switch (verdict.kind) {
    case 'scored':
      if (!isValidScore(verdict.score)) {
        return applyVerdict(
          evaluation,
          { kind: 'failed', error: `Score ${verdict.score} is outside 0..1`, canRetry: true },
          now,
        );
      }
      return {
        ...evaluation,
        status: transition(evaluation.status, 'score'),
        score: verdict.score,
        reason: verdict.reason === null ? null : storableText(verdict.reason),
        error: null,
        canRetry: false,
        creditsUsed: verdict.creditsUsed ?? 0,
        evaluatedAt: now,
      };
    case 'failed':
    case 'skipped':
      return {
        ...evaluation,
        status: transition(evaluation.status, verdict.kind === 'failed' ? 'fail' : 'skip'),
        score: null,
        error: storableText(verdict.error),
        canRetry: verdict.canRetry,
        creditsUsed: 0,
        evaluatedAt: now,
      };
    case 'awaitHuman':
      return { ...evaluation, status: transition(evaluation.status, 'awaitHuman') };
  }
}

/** Puts a FAILED or SKIPPED evaluation marked `canRetry` back to PENDING; anything else is refused. */
export function retryEvaluation(evaluation: Evaluation): Evaluation {
  if (evaluation.canRetry !== true) throw new IllegalTransition(evaluation.status, 'retry');
  return {
    ...evaluation,
    status: transition(evaluation.status, 'retry'),
    score: null,
    reason: null,
    error: null,
    canRetry: null,
    creditsUsed: null,
    evaluatedAt: null,
  };
}

export function deleteEvaluation(evaluation: Evaluation, now: string): Evaluation {
  return { ...evaluation, deletedAt: now };
}
