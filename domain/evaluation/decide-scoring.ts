import { creditCost } from './credits.ts';
import { isValidScore, type Verdict } from './evaluation.ts';
import { missingParams, type MetricInputs } from './metric-inputs.ts';
import { planScoring } from './scoring-plan.ts';

/** The parts of a metric scoring decisions read. */
export interface ScoredMetric {
  readonly source: string;
  readonly evaluationParams: readonly string[];
  readonly deletedAt: string | null;
}

export const OUT_OF_CREDITS: Verdict = {
  kind: 'skipped',
  error: 'Out of credits: the organization has no remaining subscription or extra credits for an LLM-judge evaluation',
  canRetry: true,
};

/** What a scoring decision weighs besides the metric. */
export interface ScoringBudget {
  /** The organization's credits left. */
  readonly availableCredits: number;
  /** What one LLM-judge answer costs. */
  readonly llmJudgeCredits: number;
  /** A judge that is not configured costs nothing (default true). */
  readonly judgeConfigured?: boolean;
}

/**
 * Before any judge is asked: a verdict already decided, or the credits the judge's answer will cost (none from a
 * judge that is not configured).
 */
export function preflight(
  metric: ScoredMetric | null,
  { availableCredits, llmJudgeCredits, judgeConfigured = true }: ScoringBudget,
): { verdict: Verdict } | { cost: number } {
  if (!metric || metric.deletedAt !== null)
    return { verdict: { kind: 'skipped', error: 'The metric was deleted', canRetry: false } };
  const plan = planScoring(metric.source);
  if (plan.kind === 'decided') return { verdict: plan.verdict };
  const cost = judgeConfigured ? creditCost(metric.source, llmJudgeCredits) : 0;
  if (cost > availableCredits) return { verdict: OUT_OF_CREDITS };
  return { cost };
}

/** An LLM judge needs every input its metric names; deterministic algorithms check their own. */
export function missingInputsVerdict(metric: ScoredMetric, inputs: MetricInputs): Verdict | null {
  if (metric.source !== 'LLM_JUDGE') return null;
  const missing = missingParams(inputs, metric.evaluationParams);
  return missing.length > 0
    ? { kind: 'skipped', error: `Missing evaluation params: ${missing.join(', ')}`, canRetry: false }
    : null;
}

/** Credits to take for a verdict: only a score that will be stored is charged (one outside 0..1 is stored as a failure). */
export const chargeFor = (verdict: Verdict, cost: number): number =>
  verdict.kind === 'scored' && isValidScore(verdict.score) ? cost : 0;

/** The verdict once the debit was attempted: charged, or skipped for lack of credits. */
export function settleCharge(verdict: Verdict, charged: number, debited: boolean): Verdict {
  if (verdict.kind !== 'scored') return verdict;
  return debited ? { ...verdict, creditsUsed: charged } : OUT_OF_CREDITS;
}
