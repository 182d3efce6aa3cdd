import type { EvaluationJob } from '../ports/job-queue.ts';
import { warnOnCredits } from '../operations/warn-on-credits.ts';
import type { Judge } from '../ports/judge.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { StaleVersion } from '../../domain/errors.ts';
import type { Metric } from '../../domain/catalog/metric.ts';
import { availableCredits } from '../../domain/evaluation/credits.ts';
import { chargeFor, missingInputsVerdict, preflight, settleCharge } from '../../domain/evaluation/decide-scoring.ts';
import { applyVerdict, type Evaluation, type Verdict } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import { loadMetricInputs } from './load-metric-inputs.ts';
import { failureReason } from '../shared/failure-reason.ts';
import { listIn } from '../shared/list-in.ts';
import { launchesOf, settleLaunches } from '../launch/settle-launches.ts';
import { settleMonitors } from '../monitor/settle-monitors.ts';

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'evaluations'
  | 'metrics'
  | 'organizations'
  | 'judges'
  | 'sessions'
  | 'inferenceResults'
  | 'spans'
  | 'testCases'
  | 'runs'
  | 'launches'
  | 'users'
  | 'mailer'
  | 'logger'
  | 'monitors'
  | 'monitorObserver'
>;

/**
 * The worker's job: scores PENDING evaluations, a batch at a time. Idempotent — an evaluation already scored, or
 * changed by a concurrent delivery of the same job, is left alone (a stale write aborts the batch, which the
 * queue delivers again); credits are taken in the same transaction as the scores. After the write, the launches of the
 * batch are settled (a launch with nothing PENDING left ends).
 */
export class ScoreEvaluation {
  constructor(
    private readonly ports: Needs,
    private readonly settings: Pick<Settings, 'llmJudgeCredits'>,
  ) {}

  async execute(job: EvaluationJob): Promise<void> {
    await this.executeBatch([job]);
  }

  /**
   * Ends an evaluation every scoring attempt failed for: FAILED with the reason (a user may retry it), so it never
   * lingers PENDING; then settles its launch. An evaluation no longer PENDING, or written meanwhile, is left alone.
   */
  async giveUp(job: EvaluationJob, failure: unknown): Promise<void> {
    const scope = job.organizationId;
    const evaluation = await this.ports.evaluations.get(scope, job.evaluationId);
    if (evaluation?.status !== 'PENDING') return;
    const verdict: Verdict = { kind: 'failed', error: failureReason('Scoring', failure), canRetry: true };
    const outcome = applyVerdict(evaluation, verdict, this.ports.clock.now());
    const written = await this.ports.uow.transaction(() => this.ports.evaluations.recordOutcomes([outcome]));
    if (written.length > 0) await settleMonitors(this.ports, scope, [outcome]);
    await settleLaunches(this.ports, scope, launchesOf([evaluation]));
  }

  async executeBatch(jobs: readonly EvaluationJob[]): Promise<void> {
    for (const scope of new Set(jobs.map((job) => job.organizationId))) {
      await this.scoreScope(
        scope,
        jobs.filter((job) => job.organizationId === scope).map((job) => job.evaluationId),
      );
    }
  }

  private async scoreScope(scope: string, ids: readonly string[]): Promise<void> {
    const found = await listIn(this.ports.evaluations, scope, ids);
    const pending = found.filter((evaluation) => evaluation.status === 'PENDING');
    // Nothing left to score: a delivery that stopped after writing still gets its launches settled.
    if (pending.length === 0) return settleLaunches(this.ports, scope, launchesOf(found));
    const [metrics, organization, inputsOf] = await Promise.all([
      listIn(
        this.ports.metrics,
        scope,
        pending.map((evaluation) => evaluation.metricId),
      ),
      this.ports.organizations.get(scope, scope),
      loadMetricInputs(this.ports, scope, pending),
    ]);
    const balance = organization ? availableCredits(organization) : 0;
    const metricById = new Map(metrics.map((metric) => [metric.id, metric]));
    const decided = await Promise.all(
      pending.map((evaluation) =>
        this.decide(evaluation, metricById.get(evaluation.metricId) ?? null, balance, inputsOf),
      ),
    );
    const scored = await this.ports.uow.transaction(async () => {
      const now = this.ports.clock.now();
      const outcomes: Evaluation[] = [];
      const charges = decided.map(({ verdict, cost }) => chargeFor(verdict, cost));
      const total = charges.reduce((sum, charge) => sum + charge, 0);
      // The batch's whole charge in one debit when the balance covers it; else one per evaluation until it runs out.
      const allDebited = total > 0 && (await this.ports.organizations.debitCredits(scope, total)) !== null;
      for (const [index, { evaluation, verdict }] of decided.entries()) {
        const charge = charges[index];
        const debited =
          charge === 0 || allDebited || (await this.ports.organizations.debitCredits(scope, charge)) !== null;
        outcomes.push(applyVerdict(evaluation, settleCharge(verdict, charge, debited), now));
      }
      const written = new Set(await this.ports.evaluations.recordOutcomes(outcomes));
      if (
        outcomes.some(
          (outcome, index) => !written.has(outcome.id) && chargeFor(decided[index].verdict, decided[index].cost) > 0,
        )
      ) {
        throw new StaleVersion(
          'A charged evaluation was written by another delivery; the batch is rolled back and delivered again',
        );
      }
      return outcomes.filter((outcome) => written.has(outcome.id));
    });
    await settleMonitors(this.ports, scope, scored);
    if (decided.some(({ verdict, cost }) => chargeFor(verdict, cost) > 0)) await warnOnCredits(this.ports, scope);
    await settleLaunches(this.ports, scope, launchesOf(pending));
  }

  private async decide(
    evaluation: Evaluation,
    metric: Metric | null,
    balance: number,
    inputsOf: (evaluation: Evaluation) => MetricInputs,
  ) {
    const judge: Judge | null =
      metric && (metric.source === 'DETERMINISTIC' || metric.source === 'LLM_JUDGE')
        ? this.ports.judges[metric.source]
        : null;
    const first = preflight(metric, {
      availableCredits: balance,
      llmJudgeCredits: this.settings.llmJudgeCredits,
      judgeConfigured: judge?.configured,
    });
    if ('verdict' in first) return { evaluation, verdict: first.verdict, cost: 0 };
    const inputs = inputsOf(evaluation);
    const verdict: Verdict =
      (judge!.configured ? missingInputsVerdict(metric!, inputs) : null) ?? (await judge!.judge(metric!, inputs));
    return { evaluation, verdict, cost: first.cost };
  }
}
