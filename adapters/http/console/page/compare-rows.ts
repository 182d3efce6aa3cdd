/** An evaluation as the comparison reads it. */
export interface ScoredRow {
  readonly metricId: string;
  readonly testCaseId: string | null;
  readonly sessionId: string;
  readonly score: number | null;
  readonly humanScore: number | null;
}

export type Change = 'regression' | 'improvement' | 'unchanged' | 'only-base' | 'only-head';

/** One test case under one metric in both runs: its scores (mean of its evaluations) and how it moved. */
export interface ComparedCase {
  /** The test case (or, for an evaluation without one, its session). */
  readonly caseId: string;
  readonly testCaseId: string | null;
  readonly metricId: string;
  readonly base: number | null;
  readonly head: number | null;
  readonly difference: number | null;
  readonly change: Change;
}

/** The order the comparison lists its rows in: what got worse first. */
export const CHANGE_ORDER: readonly Change[] = ['regression', 'improvement', 'unchanged', 'only-base', 'only-head'];

interface Tally {
  sum: number;
  scored: number;
  testCaseId: string | null;
}

function tallies(rows: readonly ScoredRow[]): Map<string, Tally> {
  const byCase = new Map<string, Tally>();
  for (const row of rows) {
    const key = `${row.testCaseId ?? row.sessionId}\u0000${row.metricId}`;
    const tally = byCase.get(key) ?? { sum: 0, scored: 0, testCaseId: row.testCaseId };
    const value = row.humanScore ?? row.score;
    if (value !== null) {
      tally.sum += value;
      tally.scored += 1;
    }
    byCase.set(key, tally);
  }
  return byCase;
}

const mean = (tally: Tally | undefined) => (tally && tally.scored > 0 ? tally.sum / tally.scored : null);
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Compares two runs per test case and metric: a score that fell by more than `threshold` is a regression, one that
 * rose by more an improvement, the rest unchanged; a test case scored in one run only is listed apart. Regressions
 * come first (the largest fall first), then improvements (the largest rise first), unchanged, and the rest.
 */
export function compareRuns(base: readonly ScoredRow[], head: readonly ScoredRow[], threshold: number): ComparedCase[] {
  const before = tallies(base);
  const after = tallies(head);
  const cases: ComparedCase[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [caseId, metricId] = key.split('\u0000');
    const was = before.get(key);
    const now = after.get(key);
    const baseScore = mean(was);
    const headScore = mean(now);
    const difference = baseScore !== null && headScore !== null ? round(headScore - baseScore) : null;
    const change: Change = !was
      ? 'only-head'
      : !now
        ? 'only-base'
        : difference === null
          ? 'unchanged'
          : difference < -threshold
            ? 'regression'
            : difference > threshold
              ? 'improvement'
              : 'unchanged';
    cases.push({
      caseId,
      testCaseId: (was ?? now)?.testCaseId ?? null,
      metricId,
      base: baseScore,
      head: headScore,
      difference,
      change,
    });
  }
  const rank = (row: ComparedCase) => CHANGE_ORDER.indexOf(row.change);
  const weight = (row: ComparedCase) => (row.change === 'improvement' ? -(row.difference ?? 0) : (row.difference ?? 0));
  return cases.sort((a, b) => rank(a) - rank(b) || weight(a) - weight(b) || a.caseId.localeCompare(b.caseId));
}

/** How many rows moved each way. */
export function countChanges(rows: readonly ComparedCase[]): Record<Change, number> {
  const counts: Record<Change, number> = {
    regression: 0,
    improvement: 0,
    unchanged: 0,
    'only-base': 0,
    'only-head': 0,
  };
  for (const row of rows) counts[row.change]++;
  return counts;
}
