import { useCallback, useEffect } from 'preact/hooks';
import { listPage, type Schemas } from '../api.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { Link } from '../components/link.tsx';
import { Status } from '../components/stat-list.tsx';
import { usePagedList } from '../components/use-paged-list.ts';
import { useRecords } from '../components/use-records.ts';
import { score } from '../format.ts';
import { setQuery } from '../router.ts';
import type { MetricSummary } from '../summaries.ts';
import { inputExcerpt, type TestCase, testCasesById } from '../test-cases.ts';

type Evaluation = Schemas['Evaluation'];

const STATUSES = ['SUCCESS', 'FAILED', 'SKIPPED', 'PENDING', 'PENDING_HUMAN'] as const;
/** The orders a person can pick, as the API's `sort` values. */
const SORTS = {
  newest: { label: 'Newest first', sort: 'createdAt,desc' },
  'score-asc': { label: 'Score, lowest first', sort: 'score,asc' },
  'score-desc': { label: 'Score, highest first', sort: 'score,desc' },
} as const;
type SortName = keyof typeof SORTS;
/** The first page is small (the table shows soon); the next pages are large (10,000 rows in ten requests). */
const FIRST_PAGE = 100;
const NEXT_PAGES = 1000;

function columns(metrics: ReadonlyMap<string, string>, cases: ReadonlyMap<string, TestCase>): Column<Evaluation>[] {
  return [
    { header: 'Test case input', width: '30%', cell: (row) => inputExcerpt(cases, row.testCaseId) },
    {
      header: 'Session',
      width: '9rem',
      cell: (row) => (
        <Link href={`/app/sessions/${encodeURIComponent(row.sessionId)}`} title={row.sessionId}>
          …{row.sessionId.slice(-8)}
        </Link>
      ),
    },
    { header: 'Metric', width: '10rem', cell: (row) => metrics.get(row.metricId) ?? row.metricId },
    { header: 'Status', width: '9rem', cell: (row) => <Status value={row.status} /> },
    { header: 'Score', width: '5rem', class: 'number', cell: (row) => score(row.humanScore ?? row.score) },
    { header: 'Reason', cell: (row) => row.humanReason ?? row.reason ?? row.error ?? '' },
  ];
}

interface Props {
  readonly runId: string;
  readonly total: number;
  readonly summary: readonly MetricSummary[];
  readonly query: URLSearchParams;
  /** Told once the first page has been read (shown, or refused). */
  readonly onShown?: () => void;
}

/** The run's evaluations, filtered by metric and status and sorted by score (kept in the address), read by pages. */
export function RunEvaluations({ runId, total, summary, query, onShown }: Props) {
  const metric = query.get('metric') ?? '';
  const status = query.get('status') ?? '';
  const asked = query.get('sort') ?? '';
  const sortName: SortName = Object.hasOwn(SORTS, asked) ? (asked as SortName) : 'newest';
  const load = useCallback(
    (cursor: string | null) =>
      listPage(
        '/evaluations',
        {
          runIds: [runId],
          ...(metric ? { metricIds: [metric] } : {}),
          ...(status ? { statuses: [status] } : {}),
          sort: SORTS[sortName].sort,
          limit: cursor ? NEXT_PAGES : FIRST_PAGE,
        },
        cursor,
      ),
    [runId, metric, status, sortName],
  );
  const list = usePagedList(load, [runId, metric, status, sortName]);
  useEffect(() => {
    if (!list.loading) onShown?.();
  }, [list.loading, onShown]);
  const cases = useRecords(
    list.rows.flatMap((row) => (row.testCaseId ? [row.testCaseId] : [])),
    testCasesById,
  );
  const metrics = new Map(summary.map((line) => [line.metricId, line.metricName]));
  const filtered = metric || status;
  const lines = summary.filter((line) => !metric || line.metricId === metric);
  const matching = lines.reduce(
    (sum, line) => sum + (status ? (line.byStatus[status as (typeof STATUSES)[number]] ?? 0) : line.evaluations),
    0,
  );
  return (
    <>
      <form class="filters" aria-label="Filter the evaluations" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="filter-metric">Metric</label>
          <select
            id="filter-metric"
            value={metric}
            onChange={(event) => setQuery({ metric: event.currentTarget.value || null })}
          >
            <option value="">All metrics</option>
            {summary.map((line) => (
              <option key={line.metricId} value={line.metricId}>
                {line.metricName}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-status">Status</label>
          <select
            id="filter-status"
            value={status}
            onChange={(event) => setQuery({ status: event.currentTarget.value || null })}
          >
            <option value="">All statuses</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-sort">Order</label>
          <select id="filter-sort" value={sortName} onChange={(event) => setQuery({ sort: event.currentTarget.value })}>
            {Object.entries(SORTS).map(([name, { label }]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <DataTable
        label="Evaluations"
        columns={columns(metrics, cases)}
        rows={list.rows}
        rowKey={(row) => row.id}
        total={filtered ? matching : total}
        more={list.more}
        loading={list.loading}
        error={list.error}
        onMore={list.loadMore}
        empty={filtered ? 'No evaluation matches these filters.' : 'No evaluation in this run yet.'}
        height={520}
      />
    </>
  );
}
