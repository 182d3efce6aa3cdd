/** A scored evaluation as the gate reads it. */
export interface ScoredEvaluation {
  readonly metricId: string;
  readonly status: string;
  readonly score: number | null;
}

/** One metric's line of the gate: its figures, the baseline's mean, and why it fails (if it does). */
export interface GateRow {
  readonly metricId: string;
  readonly metricName: string;
  readonly evaluations: number;
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /** Share of scored evaluations at or above the minimum score. */
  readonly passRate: number | null;
  readonly baselineMean: number | null;
  readonly change: number | null;
  readonly failure: string | null;
}

export interface GateRules {
  /** Each metric's mean must reach it; also the score an evaluation needs to pass. */
  readonly minScore: number;
  /** How far a metric's mean may fall below the baseline's (0: not at all). */
  readonly maxDrop: number;
  /** How many sessions may fail (could not be generated or scored) before the gate fails. */
  readonly maxFailedSessions: number;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The gate over a run's evaluations: per metric mean, min, max and pass rate; a metric fails when its mean is below
 * the minimum score, when it has evaluations but none scored, or when its mean fell more than allowed against the
 * baseline run's mean for the same metric.
 */
export function gate(
  evaluations: readonly ScoredEvaluation[],
  names: ReadonlyMap<string, string>,
  baseline: ReadonlyMap<string, number | null>,
  rules: GateRules,
): GateRow[] {
  const byMetric = new Map<string, ScoredEvaluation[]>();
  for (const evaluation of evaluations)
    byMetric.set(evaluation.metricId, [...(byMetric.get(evaluation.metricId) ?? []), evaluation]);
  return [...byMetric].map(([metricId, rows]) => {
    const scores = rows
      .filter((row) => row.status === 'SUCCESS' && row.score !== null)
      .map((row) => row.score as number);
    const mean = scores.length ? round(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null;
    const baselineMean = baseline.get(metricId) ?? null;
    const change = mean !== null && baselineMean !== null ? round(mean - baselineMean) : null;
    const failure =
      mean === null
        ? `no scored evaluation (${rows.map((row) => row.status).join(', ')})`
        : mean < rules.minScore
          ? `mean ${mean} below ${rules.minScore}`
          : change !== null && change < -rules.maxDrop
            ? `mean fell ${-change} against the baseline (${baselineMean})`
            : null;
    return {
      metricId,
      metricName: names.get(metricId) ?? metricId,
      evaluations: rows.length,
      mean,
      min: scores.length ? Math.min(...scores) : null,
      max: scores.length ? Math.max(...scores) : null,
      passRate: scores.length ? round(scores.filter((score) => score >= rules.minScore).length / scores.length) : null,
      baselineMean,
      change,
      failure,
    };
  });
}
