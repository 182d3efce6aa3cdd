import { useCallback } from 'preact/hooks';
import { listPage, type Schemas } from '../api.ts';
import { score, when } from '../format.ts';
import { type Column, DataTable } from './data-table.tsx';
import { Link } from './link.tsx';
import { Status } from './stat-list.tsx';
import { usePagedList } from './use-paged-list.ts';

type Evaluation = Schemas['Evaluation'];

const columns = (metricName: (id: string) => string): Column<Evaluation>[] => [
  {
    header: 'Session',
    width: '20rem',
    cell: (row) => <Link href={`/app/sessions/${encodeURIComponent(row.sessionId)}`}>{row.sessionId}</Link>,
  },
  { header: 'Metric', cell: (row) => metricName(row.metricId) },
  { header: 'Status', width: '8rem', cell: (row) => <Status value={row.status} /> },
  { header: 'Score', width: '6rem', class: 'number', cell: (row) => score(row.score) },
  { header: 'Reason', cell: (row) => row.reason ?? row.error ?? '' },
  { header: 'Queued', width: '11rem', cell: (row) => when(row.createdAt) },
];

/** The monitor's evaluations, newest first, each opening its session; more pages as the table scrolls. */
export function MonitorEvaluations({
  monitorId,
  metricName,
}: {
  readonly monitorId: string;
  readonly metricName: (id: string) => string;
}) {
  const load = useCallback(
    (cursor: string | null) =>
      listPage('/evaluations', { monitorIds: [monitorId], sort: 'createdAt,desc', limit: 50 }, cursor),
    [monitorId],
  );
  const list = usePagedList(load, [monitorId]);
  return (
    <DataTable
      label="Latest evaluations"
      columns={columns(metricName)}
      rows={list.rows}
      rowKey={(row) => row.id}
      more={list.more}
      loading={list.loading}
      error={list.error}
      onMore={list.loadMore}
      empty="No evaluation yet: the monitor scores production sessions as they become ready."
      height={360}
    />
  );
}
