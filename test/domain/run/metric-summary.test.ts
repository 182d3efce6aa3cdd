import test from 'ava';
import type { EvaluationStatus } from '../../../domain/evaluation/evaluation.ts';
import { effectiveScore } from '../../../domain/evaluation/evaluation.ts';
import { summariseMetrics, tallyScores } from '../../../domain/run/metric-summary.ts';

const row = (
  metricId: string,
  status: EvaluationStatus,
  score: number | null = null,
  humanScore: number | null = null,
) => ({
  metricId,
  status,
  score,
  humanScore,
});
const names = new Map([
  ['m_exact', 'exact'],
  ['m_judge', 'judge'],
]);
const zero = { PENDING: 0, PENDING_HUMAN: 0, SUCCESS: 0, FAILED: 0, SKIPPED: 0 };

test('the effective score is the automatic score while no human score exists', (t) => {
  t.is(effectiveScore({ score: 0.4, humanScore: null }), 0.4);
  t.is(effectiveScore({ score: null, humanScore: null }), null);
  t.is(effectiveScore({ score: 0.4, humanScore: 0.9 }), 0.9, 'a human score counts instead');
});

test('per metric: counts, mean/min/max of the scored, and every status counted', (t) => {
  const tallies = tallyScores([
    row('m_judge', 'SUCCESS', 0.5),
    row('m_judge', 'SUCCESS', 1),
    row('m_judge', 'FAILED'),
    row('m_judge', 'PENDING_HUMAN'),
    row('m_exact', 'SUCCESS', 0),
    row('m_exact', 'SKIPPED'),
  ]);
  t.deepEqual(summariseMetrics(tallies, names), [
    {
      metricId: 'm_exact',
      metricName: 'exact',
      evaluations: 2,
      scored: 1,
      mean: 0,
      min: 0,
      max: 0,
      byStatus: { ...zero, SUCCESS: 1, SKIPPED: 1 },
    },
    {
      metricId: 'm_judge',
      metricName: 'judge',
      evaluations: 4,
      scored: 2,
      mean: 0.75,
      min: 0.5,
      max: 1,
      byStatus: { ...zero, SUCCESS: 2, FAILED: 1, PENDING_HUMAN: 1 },
    },
  ]);
});

test('a human score counts instead of the automatic one', (t) => {
  const [summary] = summariseMetrics(
    tallyScores([
      row('m_judge', 'SUCCESS', 0.2, 1),
      row('m_judge', 'SUCCESS', 0.6),
      row('m_judge', 'SUCCESS', null, 0),
    ]),
    names,
  );
  t.like(summary, { evaluations: 3, scored: 3, mean: (1 + 0.6 + 0) / 3, min: 0, max: 1 });
});

test('a metric with nothing scored has null mean, min and max', (t) => {
  const [summary] = summariseMetrics(tallyScores([row('m_judge', 'PENDING'), row('m_judge', 'SKIPPED')]), names);
  t.like(summary, { evaluations: 2, scored: 0, mean: null, min: null, max: null });
});

test('tallies from several sources (statuses) of one metric merge; an unnamed metric shows its id', (t) => {
  const summaries = summariseMetrics(
    [
      { metricId: 'm_x', status: 'SUCCESS', evaluations: 3, scored: 3, sum: 1.5, min: 0.2, max: 0.9 },
      { metricId: 'm_x', status: 'FAILED', evaluations: 1, scored: 0, sum: 0, min: null, max: null },
    ],
    names,
  );
  t.deepEqual(summaries, [
    {
      metricId: 'm_x',
      metricName: 'm_x',
      evaluations: 4,
      scored: 3,
      mean: 0.5,
      min: 0.2,
      max: 0.9,
      byStatus: { ...zero, SUCCESS: 3, FAILED: 1 },
    },
  ]);
});

test('no evaluation: no metric in the summary', (t) => {
  t.deepEqual(summariseMetrics(tallyScores([]), names), []);
});
