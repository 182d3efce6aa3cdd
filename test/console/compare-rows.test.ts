import test from 'ava';
import { compareRuns, countChanges, type ScoredRow } from '../../adapters/http/console/page/compare-rows.ts';

const row = (
  testCaseId: string,
  metricId: string,
  score: number | null,
  humanScore: number | null = null,
): ScoredRow => ({
  testCaseId,
  metricId,
  sessionId: `session-${testCaseId}`,
  score,
  humanScore,
});

test('regressions first (largest fall first), then improvements, unchanged, and the test cases of one run', (t) => {
  const base = [
    row('a', 'm', 0.9),
    row('b', 'm', 0.8),
    row('c', 'm', 0.5),
    row('d', 'm', 0.5),
    row('e', 'm', 0.7),
    row('f', 'm', 0.2),
  ];
  const head = [
    row('a', 'm', 0.75),
    row('b', 'm', 0.2),
    row('c', 'm', 0.9),
    row('d', 'm', 0.55),
    row('g', 'm', 0.4),
    row('f', 'm', 0.35),
  ];
  const rows = compareRuns(base, head, 0.1);
  t.deepEqual(
    rows.map((r) => [r.caseId, r.change, r.difference]),
    [
      ['b', 'regression', -0.6],
      ['a', 'regression', -0.15],
      ['c', 'improvement', 0.4],
      ['f', 'improvement', 0.15],
      ['d', 'unchanged', 0.05],
      ['e', 'only-base', null],
      ['g', 'only-head', null],
    ],
  );
  t.deepEqual(countChanges(rows), { regression: 2, improvement: 2, unchanged: 1, 'only-base': 1, 'only-head': 1 });
});

test('the threshold decides; a fall of exactly the threshold is unchanged', (t) => {
  const rows = compareRuns([row('a', 'm', 0.6)], [row('a', 'm', 0.5)], 0.1);
  t.is(rows[0].change, 'unchanged');
  t.is(compareRuns([row('a', 'm', 0.6)], [row('a', 'm', 0.5)], 0.05)[0].change, 'regression');
});

test("a reviewer's score counts over the automatic one; several evaluations of a test case average; unscored is unchanged", (t) => {
  const rows = compareRuns(
    [row('a', 'm', 0.2, 0.9), row('b', 'm', 0.4), row('b', 'm', 0.6), row('c', 'm', null)],
    [row('a', 'm', 0.9), row('b', 'm', 0.5), row('c', 'm', 0.1)],
    0.1,
  );
  t.deepEqual(
    rows.map((r) => [r.caseId, r.base, r.head, r.change]),
    [
      ['a', 0.9, 0.9, 'unchanged'],
      ['b', 0.5, 0.5, 'unchanged'],
      ['c', null, 0.1, 'unchanged'],
    ],
  );
});

test('the same test case under two metrics is two rows', (t) => {
  const rows = compareRuns([row('a', 'x', 0.9), row('a', 'y', 0.1)], [row('a', 'x', 0.1), row('a', 'y', 0.9)], 0.1);
  t.deepEqual(
    rows.map((r) => [r.metricId, r.change]),
    [
      ['x', 'regression'],
      ['y', 'improvement'],
    ],
  );
});
