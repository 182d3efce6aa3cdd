import type { Judge, JudgedMetric } from '../../application/ports/judge.ts';
import { scoreDeterministic } from '../../domain/evaluation/deterministic.ts';
import type { Verdict } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';

/** DETERMINISTIC metrics: the domain's pure algorithms, in process. */
export class DeterministicJudge implements Judge {
  readonly configured = true;

  async judge(metric: JudgedMetric, inputs: MetricInputs): Promise<Verdict> {
    return scoreDeterministic(metric.algorithm, inputs);
  }
}
