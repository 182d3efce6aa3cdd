import { listAll, type Schemas } from '../api.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { Link } from '../components/link.tsx';
import { Status } from '../components/stat-list.tsx';
import { useLoad } from '../components/use-load.ts';
import { count } from '../format.ts';

const columns: readonly Column<Schemas['Monitor']>[] = [
  {
    header: 'Monitor',
    cell: (monitor) => <Link href={`/app/monitors/${encodeURIComponent(monitor.id)}`}>{monitor.name}</Link>,
  },
  { header: 'Status', width: '9rem', cell: (monitor) => <Status value={monitor.status} /> },
  { header: 'Sampling', width: '7rem', class: 'number', cell: (monitor) => `${monitor.samplingPercentage}%` },
  { header: 'Evaluations', width: '8rem', class: 'number', cell: (monitor) => count(monitor.evaluationCount) },
];

/** The product page's section of monitors, each linking its page. */
export function ProductMonitors({ productId }: { readonly productId: string }) {
  const monitors = useLoad(() => listAll('/monitors', { productIds: [productId], sort: 'name,asc' }), [productId]);
  return (
    <section>
      <h2 id="monitors-heading">Monitors</h2>
      <DataTable
        label="Monitors"
        columns={columns}
        rows={monitors.data ?? []}
        rowKey={(monitor) => monitor.id}
        loading={monitors.loading}
        error={monitors.error}
        empty="No monitor watches this product's production sessions (POST /monitors)."
        height={220}
      />
    </section>
  );
}
