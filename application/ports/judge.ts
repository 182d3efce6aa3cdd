import type { Verdict } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';

/** The parts of a metric a judge reads. */
export interface JudgedMetric {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly judgePrompt: string | null;
  readonly evaluationParams: readonly string[];
  readonly judgeModel: string | null;
  readonly algorithm: string | null;
}

/**
 * Scores one evaluation of one metric source. Never throws for an outside failure: a timeout, an error
 * answer or a malformed one is a `failed` verdict with `canRetry` true; a judge that cannot work at all
 * (no model configured) answers `skipped` with the reason.
 */
export interface Judge {
  /** False when the judge can only answer `skipped` (nothing configured): such evaluations are free. */
  readonly configured: boolean;
  judge(metric: JudgedMetric, inputs: MetricInputs): Promise<Verdict>;
}

/** The judge of each metric source that needs one. */
export interface Judges {
  readonly DETERMINISTIC: Judge;
  readonly LLM_JUDGE: Judge;
}
