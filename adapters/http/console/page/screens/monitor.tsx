import { answered, client, listByIds, type Schemas } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { MonitorAlerts } from '../components/monitor-alerts.tsx';
import { MonitorEvaluations } from '../components/monitor-evaluations.tsx';
import { MonitorScoreChart } from '../components/monitor-score-chart.tsx';
import { Facts, Status } from '../components/stat-list.tsx';
import { useLoad } from '../components/use-load.ts';
import { count, when } from '../format.ts';

type Monitor = Schemas['Monitor'];

/** Credits used this month against the cap: `120 of 5,000 (2.4%)`, or `120 (no cap)`. */
const credits = (monitor: Monitor): string =>
  monitor.monthlyCreditCap === null
    ? `${count(monitor.creditsUsedThisMonth)} (no cap)`
    : `${count(monitor.creditsUsedThisMonth)} of ${count(monitor.monthlyCreditCap)} ` +
      `(${Math.round((monitor.creditsUsedThisMonth / monitor.monthlyCreditCap) * 1000) / 10}%)`;

/** The content filter in words. */
function filterText(filter: Monitor['contentFilter']): string {
  if (!filter) return 'none';
  const parts = [];
  if (filter.include.length) parts.push(`include ${filter.include.map((term) => `“${term}”`).join(', ')}`);
  if (filter.exclude.length) parts.push(`exclude ${filter.exclude.map((term) => `“${term}”`).join(', ')}`);
  return `${parts.join('; ') || 'none'} (${filter.field.toLowerCase()})`;
}

/**
 * A monitor: its status and why, sampling, credits this month against its cap, each metric's mean score per hour
 * over the last 7 days, its latest evaluations (opening their sessions), its alert rules and their episodes.
 */
export function MonitorScreen({ id }: { readonly id: string }) {
  const loaded = useLoad(async () => {
    const monitor = await answered(client.GET('/monitors/{id}', { params: { path: { id } } }));
    const [product, metrics] = await Promise.all([
      answered(client.GET('/products/{id}', { params: { path: { id: monitor.productId } } })),
      listByIds('/metrics', monitor.metricIds),
    ]);
    const ordered = monitor.metricIds.flatMap((metricId) => metrics.filter((metric) => metric.id === metricId));
    return { monitor, product, metrics: ordered };
  }, [id]);
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the monitor…" />;
  const { monitor, product, metrics } = loaded.data;
  const metricName = (metricId: string) => metrics.find((metric) => metric.id === metricId)?.name ?? metricId;
  return (
    <article>
      <h1>Monitor · {monitor.name}</h1>
      <p class="subtitle">
        Scores production sessions of{' '}
        <Link href={`/app/products/${encodeURIComponent(product.id)}`}>{product.name}</Link>
        {monitor.versionId ? ` (version ${monitor.versionId})` : ' (every version)'} with{' '}
        {metrics.map((metric) => metric.name).join(', ')}.
      </p>
      <Facts
        items={[
          ['Status', <Status key="status" value={monitor.status} />],
          ['Reason', monitor.statusReason ?? '—'],
          ['Sampling', `${monitor.samplingPercentage}% of ready sessions`],
          ['Credits this month', credits(monitor)],
          ['Evaluations', count(monitor.evaluationCount)],
          ['Ready after idle', `${count(monitor.idleSeconds)} s`],
          ['Content filter', filterText(monitor.contentFilter)],
          ['Changed', when(monitor.updatedAt)],
        ]}
      />
      <section>
        <h2>Scores</h2>
        <MonitorScoreChart monitorId={monitor.id} metrics={metrics} />
      </section>
      <section>
        <h2>Latest evaluations</h2>
        <MonitorEvaluations monitorId={monitor.id} metricName={metricName} />
      </section>
      <MonitorAlerts monitorId={monitor.id} metricName={metricName} />
    </article>
  );
}
