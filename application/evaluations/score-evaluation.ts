import type { EvaluationJob } from '../ports/job-queue.ts';
import type { Ports } from '../ports/ports.ts';
import { availableCredits } from '../../domain/evaluation/credits.ts';
import { chargeFor, missingInputsVerdict, preflight, settleCharge } from '../../domain/evaluation/decide-scoring.ts';
import { applyVerdict, type Verdict } from '../../domain/evaluation/evaluation.ts';
import { Conflict } from '../../domain/errors.ts';
import { loadMetricInputs } from './load-metric-inputs.ts';

type Needs = Pick<Ports, 'uow' | 'clock' | 'evaluations' | 'metrics' | 'organizations' | 'judges' | 'evaluationSettings' | 'sessions' | 'inferenceResults' | 'spans' | 'testCases'>;

/**
 * The worker's job: scores one PENDING evaluation. Idempotent — an evaluation already scored, or scored by a
 * concurrent delivery of the same job, is left alone, and credits are taken in the same transaction as the score.
 */
export class ScoreEvaluation {
  constructor(private readonly ports: Needs) {}

  async execute(job: EvaluationJob): Promise<void> {
    const evaluation = await this.ports.evaluations.get(job.organizationId, job.evaluationId);
    if (!evaluation || evaluation.status !== 'PENDING') return;
    const [metric, organization] = await Promise.all([
      this.ports.metrics.get(evaluation.organizationId, evaluation.metricId, { includeDeleted: true }),
      this.ports.organizations.get(evaluation.organizationId, evaluation.organizationId),
    ]);
    const judge = metric && (metric.source === 'DETERMINISTIC' || metric.source === 'LLM_JUDGE') ? this.ports.judges[metric.source] : null;
    const first = preflight(metric, organization ? availableCredits(organization) : 0, this.ports.evaluationSettings.llmJudgeCredits, judge?.configured);
    let verdict: Verdict;
    let cost = 0;
    if ('verdict' in first) verdict = first.verdict;
    else {
      cost = first.cost;
      const inputs = await loadMetricInputs(this.ports, evaluation);
      verdict = (judge!.configured ? missingInputsVerdict(metric!, inputs) : null) ?? (await judge!.judge(metric!, inputs));
    }
    try {
      await this.ports.uow.transaction(async () => {
        const current = await this.ports.evaluations.get(evaluation.organizationId, evaluation.id);
        if (!current || current.status !== 'PENDING' || current.version !== evaluation.version) return;
        const charge = chargeFor(verdict, cost);
        const debited = charge === 0 || (await this.ports.organizations.debitCredits(evaluation.organizationId, charge)) !== null;
        await this.ports.evaluations.update(applyVerdict(current, settleCharge(verdict, charge, debited), this.ports.clock.now()));
      });
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
}
