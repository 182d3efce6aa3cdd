import { listAll, type Schemas } from '../api.ts';
import { Chart } from '../components/chart.tsx';
import { type Column, DataTable } from '../components/data-table.tsx';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Loading } from '../components/loading.tsx';
import { useLoad } from '../components/use-load.ts';
import { count, percent, score } from '../format.ts';
import { type MetricSummary, passRate } from '../summaries.ts';

const STATUSES = ['SUCCESS', 'FAILED', 'SKIPPED', 'PENDING', 'PENDING_HUMAN'] as const;

const columns: readonly Column<MetricSummary>[] = [
  { header: 'Metric', width: '20%', cell: (line) => line.metricName },
  { header: 'Mean', class: 'number', cell: (line) => score(line.mean) },
  { header: 'Min', class: 'number', cell: (line) => score(line.min) },
  { header: 'Max', class: 'number', cell: (line) => score(line.max) },
  { header: 'Pass rate', class: 'number', cell: (line) => percent(passRate(line)) },
  { header: 'Total', class: 'number', cell: (line) => count(line.evaluations) },
  ...STATUSES.map((status) => ({
    header: status.replace('_', ' '),
    class: 'number',
    cell: (line: MetricSummary) => count(line.byStatus[status] ?? 0),
  })),
];

/** The run's metrics: mean, range, pass rate (the share scored) and counts by status. */
export function SummaryTable({ summary }: { readonly summary: readonly MetricSummary[] }) {
  return (
    <DataTable
      label="Metrics"
      columns={columns}
      rows={summary}
      rowKey={(line) => line.metricId}
      empty="No evaluation in this run yet."
      height={300}
    />
  );
}

const BUCKETS = 10;

/** How many scores fall in each tenth of 0..1 (1.0 counts in the last). */
export function histogram(scores: readonly number[]): number[] {
  const counts = new Array<number>(BUCKETS).fill(0);
  for (const value of scores) counts[Math.min(BUCKETS - 1, Math.floor(value * BUCKETS))]++;
  return counts;
}

const effective = (evaluation: Schemas['Evaluation']) => evaluation.humanScore ?? evaluation.score;

/** A histogram of scores per metric, from every scored evaluation of the run (read after the table's first page). */
export function Histograms({ runId, summary }: { readonly runId: string; readonly summary: readonly MetricSummary[] }) {
  const scores = useLoad(async () => {
    const evaluations = await listAll('/evaluations', { runIds: [runId], statuses: ['SUCCESS'] });
    const byMetric = new Map<string, number[]>();
    for (const evaluation of evaluations) {
      const value = effective(evaluation);
      if (value === null) continue;
      const list = byMetric.get(evaluation.metricId);
      if (list) list.push(value);
      else byMetric.set(evaluation.metricId, [value]);
    }
    return byMetric;
  }, [runId]);
  if (scores.error) return <ErrorBanner error={scores.error} />;
  if (!scores.data) return <Loading label="Loading the scores…" />;
  const lines = summary.filter((line) => line.scored > 0);
  if (lines.length === 0) return <p class="muted">No scored evaluation yet.</p>;
  return (
    <div class="charts">
      {lines.map((line) => (
        <Chart
          key={line.metricId}
          caption={`${line.metricName}: scores of ${count(line.scored)} evaluations`}
          kind="bars"
          x={Array.from({ length: BUCKETS }, (_, index) => index / BUCKETS + 0.05)}
          xLabel="Score"
          xRange={[0, 1]}
          yLabel="Evaluations"
          xFormat={(value) => String(Math.round(value * 100) / 100)}
          series={[{ label: line.metricName, values: histogram(scores.data?.get(line.metricId) ?? []) }]}
        />
      ))}
    </div>
  );
}
