import { useCallback } from 'preact/hooks';
import { answered, client, listAll, listPage, type Schemas } from '../api.ts';
import { Chart } from '../components/chart.tsx';
import { type Column, DataTable } from '../components/data-table.tsx';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { Status } from '../components/stat-list.tsx';
import { useLoad } from '../components/use-load.ts';
import { usePagedList } from '../components/use-paged-list.ts';
import { useRecords } from '../components/use-records.ts';
import { count, score, when } from '../format.ts';
import { type MetricSummary, metricNames, runSummaries } from '../summaries.ts';
import { ProductMonitors } from './product-monitors.tsx';

type Run = Schemas['Run'];

const versionColumns: readonly Column<Schemas['Version']>[] = [
  { header: 'Number', width: '6rem', class: 'number', cell: (version) => `v${version.number}` },
  { header: 'Name', cell: (version) => version.name ?? '' },
  { header: 'Description', cell: (version) => version.description ?? '' },
  { header: 'Created', width: '11rem', cell: (version) => when(version.createdAt) },
];

/** The runs' table: fixed columns, then one column per metric with its mean in that run. */
function runColumns(names: ReadonlyMap<string, string>, summaries: ReadonlyMap<string, MetricSummary[]>) {
  const columns: Column<Run>[] = [
    {
      header: 'Run',
      width: '5rem',
      cell: (run) => <Link href={`/app/runs/${encodeURIComponent(run.id)}`}>#{run.ordinal}</Link>,
    },
    { header: 'Custom id', cell: (run) => run.customId ?? '' },
    { header: 'Status', width: '10rem', cell: (run) => <Status value={run.status} /> },
    { header: 'Evaluations', width: '8rem', class: 'number', cell: (run) => count(run.evaluationCount) },
    { header: 'Opened', width: '11rem', cell: (run) => when(run.createdAt) },
  ];
  for (const [metricId, name] of names)
    columns.push({
      header: name,
      width: '8rem',
      class: 'number',
      cell: (run) => score(summaries.get(run.id)?.find((line) => line.metricId === metricId)?.mean),
    });
  return columns;
}

/** Each metric's mean over the product's last 30 runs, oldest to newest. */
function TrendChart({ productId }: { readonly productId: string }) {
  const trend = useLoad(async () => {
    const runs = (await listPage('/runs', { productIds: [productId], sort: 'ordinal,desc', limit: 30 })).items;
    const summaries = await runSummaries(runs.map((run) => run.id));
    return { runs: [...runs].reverse(), summaries };
  }, [productId]);
  if (trend.error) return <ErrorBanner error={trend.error} />;
  if (!trend.data) return <Loading label="Loading the trend…" />;
  const { runs, summaries } = trend.data;
  if (runs.length === 0) return <p class="muted">No run yet.</p>;
  const names = metricNames(summaries.values());
  return (
    <Chart
      caption={`Mean score per metric over the last ${runs.length} runs`}
      x={runs.map((run) => run.ordinal)}
      xLabel="Run"
      yLabel="Mean score"
      yRange={[0, 1]}
      xFormat={(value) => (Number.isInteger(value) ? `#${value}` : '')}
      series={[...names].map(([metricId, label]) => ({
        label,
        values: runs.map((run) => summaries.get(run.id)?.find((line) => line.metricId === metricId)?.mean ?? null),
      }))}
    />
  );
}

/**
 * A product: its versions, its runs (newest first, with each metric's mean) and the metrics' trend. Each part is a
 * section of its own, so more (the product's monitors) can join them.
 */
export function ProductScreen({ id }: { readonly id: string }) {
  const product = useLoad(() => answered(client.GET('/products/{id}', { params: { path: { id } } })), [id]);
  const versions = useLoad(() => listAll('/versions', { productIds: [id], sort: 'number,desc' }), [id]);
  const loadRuns = useCallback(
    (cursor: string | null) => listPage('/runs', { productIds: [id], sort: 'ordinal,desc', limit: 50 }, cursor),
    [id],
  );
  const runs = usePagedList(loadRuns, [id]);
  const summaries = useRecords(
    runs.rows.map((run) => run.id),
    runSummaries,
  );
  if (product.error) return <ErrorBanner error={product.error} />;
  if (!product.data) return <Loading label="Loading the product…" />;
  return (
    <article>
      <h1>{product.data.name}</h1>
      {product.data.description && <p class="subtitle">{product.data.description}</p>}
      <section>
        <h2 id="trend-heading">Trend</h2>
        <TrendChart productId={id} />
      </section>
      <section>
        <h2 id="runs-heading">Runs</h2>
        <DataTable
          label="Runs"
          columns={runColumns(metricNames(summaries.values()), summaries)}
          rows={runs.rows}
          rowKey={(run) => run.id}
          more={runs.more}
          loading={runs.loading}
          error={runs.error}
          onMore={runs.loadMore}
          empty="No run yet: launch an evaluation (assay run, or POST /evaluations/fromSessions)."
          height={400}
        />
      </section>
      <ProductMonitors productId={id} />
      <section>
        <h2 id="versions-heading">Versions</h2>
        <DataTable
          label="Versions"
          columns={versionColumns}
          rows={versions.data ?? []}
          rowKey={(version) => version.id}
          loading={versions.loading}
          error={versions.error}
          empty="No version yet."
          height={300}
        />
      </section>
    </article>
  );
}
