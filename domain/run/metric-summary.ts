import {
  EVALUATION_STATUSES,
  effectiveScore,
  type Evaluation,
  type EvaluationStatus,
} from '../evaluation/evaluation.ts';

/** The evaluations of one metric in one status, with aggregates of their effective scores (as a store reads them). */
export interface ScoreTally {
  readonly metricId: string;
  readonly status: EvaluationStatus;
  readonly evaluations: number;
  /** How many have an effective score, their sum, lowest and highest (null when none has one). */
  readonly scored: number;
  readonly sum: number;
  readonly min: number | null;
  readonly max: number | null;
}

/** One metric of GET /runs/{id}/metricSummary. */
export interface MetricSummary {
  readonly metricId: string;
  readonly metricName: string;
  readonly evaluations: number;
  readonly scored: number;
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly byStatus: Readonly<Record<EvaluationStatus, number>>;
}

/** The reference tally: group by metric and status, aggregate effective scores (stores do the same in one query). */
export function tallyScores(
  evaluations: readonly Pick<Evaluation, 'metricId' | 'status' | 'score' | 'humanScore'>[],
): ScoreTally[] {
  const groups = new Map<string, ScoreTally>();
  for (const evaluation of evaluations) {
    const key = `${evaluation.metricId}\u0000${evaluation.status}`;
    const score = effectiveScore(evaluation);
    const tally = groups.get(key) ?? {
      metricId: evaluation.metricId,
      status: evaluation.status,
      evaluations: 0,
      scored: 0,
      sum: 0,
      min: null,
      max: null,
    };
    groups.set(key, {
      ...tally,
      evaluations: tally.evaluations + 1,
      ...(score === null
        ? {}
        : {
            scored: tally.scored + 1,
            sum: tally.sum + score,
            min: tally.min === null ? score : Math.min(tally.min, score),
            max: tally.max === null ? score : Math.max(tally.max, score),
          }),
    });
  }
  return [...groups.values()];
}

const lowest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);
const highest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** One summary per metric, by metric name: counts, mean/min/max of the effective scores, and counts by status. */
export function summariseMetrics(
  tallies: readonly ScoreTally[],
  metricNames: ReadonlyMap<string, string>,
): MetricSummary[] {
  const byMetric = new Map<string, ScoreTally[]>();
  for (const tally of tallies) byMetric.set(tally.metricId, [...(byMetric.get(tally.metricId) ?? []), tally]);
  return [...byMetric.entries()]
    .map(([metricId, parts]) => {
      const scored = parts.reduce((total, part) => total + part.scored, 0);
      const sum = parts.reduce((total, part) => total + part.sum, 0);
      return {
        metricId,
        metricName: metricNames.get(metricId) ?? metricId,
        evaluations: parts.reduce((total, part) => total + part.evaluations, 0),
        scored,
        mean: scored === 0 ? null : sum / scored,
        min: parts.reduce<number | null>((value, part) => lowest(value, part.min), null),
        max: parts.reduce<number | null>((value, part) => highest(value, part.max), null),
        byStatus: Object.fromEntries(
          EVALUATION_STATUSES.map((status) => [
            status,
            parts.filter((part) => part.status === status).reduce((total, part) => total + part.evaluations, 0),
          ]),
        ) as Record<EvaluationStatus, number>,
      };
    })
    .sort((a, b) => a.metricName.localeCompare(b.metricName) || a.metricId.localeCompare(b.metricId));
}
