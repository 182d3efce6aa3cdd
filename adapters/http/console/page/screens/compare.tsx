import { answered, client, listAll } from '../api.ts';
import { Chart } from '../components/chart.tsx';
import { type Column, DataTable } from '../components/data-table.tsx';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { useLoad } from '../components/use-load.ts';
import { useRecords } from '../components/use-records.ts';
import { type ComparedCase, compareRuns, countChanges } from '../compare-rows.ts';
import { counted, difference, score } from '../format.ts';
import { setQuery } from '../router.ts';
import { type MetricSummary, runSummary } from '../summaries.ts';
import { inputExcerpt, type TestCase, testCasesById } from '../test-cases.ts';

const CHANGE_WORDS = {
  regression: 'Regression',
  improvement: 'Improvement',
  unchanged: 'Unchanged',
  'only-base': 'Only in base',
  'only-head': 'Only in head',
} as const;

async function side(id: string) {
  const [run, summary, evaluations] = await Promise.all([
    answered(client.GET('/runs/{id}', { params: { path: { id } } })),
    runSummary(id),
    listAll('/evaluations', { runIds: [id] }),
  ]);
  return { run, summary, evaluations };
}

function metricRows(base: readonly MetricSummary[], head: readonly MetricSummary[]) {
  const ids = [...new Set([...base, ...head].map((line) => line.metricId))];
  return ids.map((metricId) => {
    const was = base.find((line) => line.metricId === metricId);
    const now = head.find((line) => line.metricId === metricId);
    const change = was?.mean != null && now?.mean != null ? now.mean - was.mean : null;
    return {
      metricId,
      name: (was ?? now)?.metricName ?? metricId,
      base: was?.mean ?? null,
      head: now?.mean ?? null,
      change,
    };
  });
}
type MetricRow = ReturnType<typeof metricRows>[number];

const changeClass = (value: number | null) =>
  value === null || value === 0 ? undefined : value < 0 ? 'change-down' : 'change-up';

const metricColumns: readonly Column<MetricRow>[] = [
  { header: 'Metric', cell: (row) => row.name },
  { header: 'Base mean', class: 'number', cell: (row) => score(row.base) },
  { header: 'Head mean', class: 'number', cell: (row) => score(row.head) },
  {
    header: 'Difference',
    class: 'number',
    cell: (row) => <span class={changeClass(row.change)}>{difference(row.change)}</span>,
  },
];

function caseColumns(
  metrics: ReadonlyMap<string, string>,
  cases: ReadonlyMap<string, TestCase>,
): Column<ComparedCase>[] {
  return [
    {
      header: 'Change',
      width: '9rem',
      cell: (row) => <span class={`change-${row.change}`}>{CHANGE_WORDS[row.change]}</span>,
    },
    {
      header: 'Test case',
      cell: (row) => (row.testCaseId ? inputExcerpt(cases, row.testCaseId) : `session ${row.caseId}`),
    },
    { header: 'Metric', width: '10rem', cell: (row) => metrics.get(row.metricId) ?? row.metricId },
    { header: 'Base', width: '5rem', class: 'number', cell: (row) => score(row.base) },
    { header: 'Head', width: '5rem', class: 'number', cell: (row) => score(row.head) },
    {
      header: 'Difference',
      width: '7rem',
      class: 'number',
      cell: (row) => <span class={changeClass(row.difference)}>{difference(row.difference)}</span>,
    },
  ];
}

/** Reads the threshold from the address: a number from 0 to 1, 0.1 when absent or out of range. */
export function thresholdOf(query: URLSearchParams): number {
  const value = Number(query.get('threshold') ?? '0.1');
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0.1;
}

/** Two runs compared: per metric, the means and their difference; per test case, what fell, what rose, what stayed. */
export function Compare({ query }: { readonly query: URLSearchParams }) {
  const baseId = query.get('base') ?? '';
  const headId = query.get('head') ?? '';
  const threshold = thresholdOf(query);
  const loaded = useLoad(
    async () => (baseId && headId ? { base: await side(baseId), head: await side(headId) } : null),
    [baseId, headId],
  );
  const rows = loaded.data ? compareRuns(loaded.data.base.evaluations, loaded.data.head.evaluations, threshold) : [];
  const cases = useRecords(
    rows.flatMap((row) => (row.testCaseId ? [row.testCaseId] : [])),
    testCasesById,
  );
  if (!baseId || !headId)
    return (
      <section>
        <h1>Compare two runs</h1>
        <p>Open a run and choose “Compare with…” to pick the run to compare it with.</p>
      </section>
    );
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading both runs…" />;
  const { base, head } = loaded.data;
  const metrics = metricRows(base.summary, head.summary);
  const names = new Map(metrics.map((row) => [row.metricId, row.name]));
  const counts = countChanges(rows);
  const moved = rows.filter((row) => row.difference !== null).sort((a, b) => (a.difference ?? 0) - (b.difference ?? 0));
  return (
    <article>
      <h1>
        Run #{base.run.ordinal} → run #{head.run.ordinal}
      </h1>
      <p class="subtitle">
        Base <Link href={`/app/runs/${encodeURIComponent(base.run.id)}`}>#{base.run.ordinal}</Link>, head{' '}
        <Link href={`/app/runs/${encodeURIComponent(head.run.id)}`}>#{head.run.ordinal}</Link>
      </p>
      <section>
        <h2 id="metric-heading">Per metric</h2>
        <DataTable
          label="Per metric"
          columns={metricColumns}
          rows={metrics}
          rowKey={(row) => row.metricId}
          height={260}
        />
      </section>
      <section>
        <h2 id="cases-heading">Per test case</h2>
        <form class="filters" aria-label="Threshold" onSubmit={(event) => event.preventDefault()}>
          <label>
            Threshold (a fall larger than this is a regression)
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={threshold}
              onChange={(event) => setQuery({ threshold: event.currentTarget.value || null })}
            />
          </label>
        </form>
        <p id="change-counts">
          {[
            counted(counts.regression, 'regression'),
            counted(counts.improvement, 'improvement'),
            `${counts.unchanged} unchanged`,
            `${counts['only-base'] + counts['only-head']} in one run only`,
          ].join(' · ')}
        </p>
        {moved.length > 0 && (
          <Chart
            caption="Difference per test case and metric (head − base), lowest first"
            kind="bars"
            x={moved.map((_, index) => index + 1)}
            xLabel="Test case (by difference)"
            xRange={[0.5, moved.length + 0.5]}
            xFormat={(value) => (Number.isInteger(value) ? String(value) : '')}
            yLabel="Difference"
            series={[{ label: 'Head − base', values: moved.map((row) => row.difference) }]}
          />
        )}
        <DataTable
          label="Per test case"
          columns={caseColumns(names, cases)}
          rows={rows}
          rowKey={(row) => `${row.caseId}:${row.metricId}`}
        />
      </section>
    </article>
  );
}
