import { Forbidden, IllegalTransition, IssueCollector } from '../errors.ts';
import { type Evaluation, isValidScore, transition } from '../evaluation/evaluation.ts';
import type { Actor } from '../identity/role.ts';
import { checkText } from '../shared/fields.ts';

/** The time of a review action, and how long a claim holds before another reviewer may take it over. */
export interface ClaimClock {
  readonly now: string;
  readonly claimTtlMinutes: number;
}

export interface HumanScore {
  readonly score: number;
  readonly reason?: string | null;
}

/**
 * Rule 1: a human scores an evaluation that awaits one (PENDING_HUMAN), or annotates one scored automatically
 * (SUCCESS) that no human has scored yet. Nothing else takes a human score.
 */
export const awaitsHuman = (evaluation: Evaluation): boolean =>
  evaluation.humanScore === null && (evaluation.status === 'PENDING_HUMAN' || evaluation.status === 'SUCCESS');

function assertAwaitsHuman(evaluation: Evaluation, event: string): void {
  if (awaitsHuman(evaluation)) return;
  if (evaluation.humanScore !== null)
    throw new IllegalTransition(
      'humanScored',
      event,
      `Evaluation ${evaluation.id} was already scored by a human (${evaluation.humanEvaluatorId})`,
    );
  throw new IllegalTransition(
    evaluation.status,
    event,
    `Evaluation ${evaluation.id} is ${evaluation.status}: only PENDING_HUMAN evaluations and automatically scored ` +
      'SUCCESS ones take a human score',
  );
}

/** Claims started at or before this instant have lapsed (rule 3). */
export function claimCutoff({ now, claimTtlMinutes }: ClaimClock): string {
  return new Date(Date.parse(now) - claimTtlMinutes * 60_000).toISOString();
}

/** Whether someone holds a claim that has not lapsed. */
export const isClaimLive = (evaluation: Evaluation, clock: ClaimClock): boolean =>
  evaluation.humanEvaluatorId !== null &&
  evaluation.humanEvaluatorStartedAt !== null &&
  evaluation.humanEvaluatorStartedAt > claimCutoff(clock);

/**
 * Rule 2: one claimant at a time. Claiming an evaluation claimed by someone else is refused while the claim lives;
 * rule 3: a claim held `claimTtlMinutes` or longer lapses and may be taken over. Claiming again one's own claim
 * renews it.
 */
export function claimEvaluation(evaluation: Evaluation, reviewerId: string, clock: ClaimClock): Evaluation {
  assertAwaitsHuman(evaluation, 'claim');
  if (evaluation.humanEvaluatorId !== reviewerId && isClaimLive(evaluation, clock))
    throw new IllegalTransition(
      'claimed',
      'claim',
      `Evaluation ${evaluation.id} is claimed by ${evaluation.humanEvaluatorId} since ` +
        `${evaluation.humanEvaluatorStartedAt}; the claim lapses after ${clock.claimTtlMinutes} minutes`,
    );
  return { ...evaluation, humanEvaluatorId: reviewerId, humanEvaluatorStartedAt: clock.now };
}

/**
 * Rule 4: the claimant, an OWNER or an ADMIN may release a claim (both claim fields back to null); releasing an
 * unclaimed evaluation changes nothing. A scored evaluation keeps its reviewer.
 */
export function releaseClaim(evaluation: Evaluation, actor: Actor): Evaluation {
  assertAwaitsHuman(evaluation, 'release');
  if (evaluation.humanEvaluatorId === null) return evaluation;
  if (evaluation.humanEvaluatorId !== actor.userId && actor.role === 'MEMBER')
    throw new Forbidden(
      `Evaluation ${evaluation.id} is claimed by ${evaluation.humanEvaluatorId}: only they, an OWNER or an ADMIN ` +
        'may release it',
    );
  return { ...evaluation, humanEvaluatorId: null, humanEvaluatorStartedAt: null };
}

export function checkHumanScore(input: HumanScore): void {
  const issues = new IssueCollector();
  issues.check(typeof input.score === 'number' && isValidScore(input.score), 'score', 'must be a number from 0 to 1');
  if (input.reason !== undefined && input.reason !== null)
    issues.check(typeof input.reason === 'string', 'reason', 'must be text');
  checkText(issues, 'reason', input.reason);
  issues.throwIfAny();
}

/**
 * Rule 5: submitting claims first (so a live claim of someone else refuses it) and records the reviewer. A
 * PENDING_HUMAN evaluation becomes SUCCESS with the human's score and reason; an automatically scored one keeps its
 * score and reason, and gets the human's beside them (`humanScore`, `humanReason`).
 */
export function submitHumanScore(
  evaluation: Evaluation,
  reviewerId: string,
  input: HumanScore,
  clock: ClaimClock,
): Evaluation {
  checkHumanScore(input);
  const claimed = claimEvaluation(evaluation, reviewerId, clock);
  const human = {
    humanScore: input.score,
    humanReason: input.reason ?? null,
    humanEvaluatorStartedAt:
      evaluation.humanEvaluatorId === reviewerId ? evaluation.humanEvaluatorStartedAt : clock.now,
  };
  if (claimed.status === 'SUCCESS') return { ...claimed, ...human };
  return {
    ...claimed,
    ...human,
    status: transition(claimed.status, 'submitHuman'),
    score: input.score,
    reason: input.reason ?? null,
    error: null,
    canRetry: false,
    creditsUsed: 0,
    evaluatedAt: clock.now,
  };
}
