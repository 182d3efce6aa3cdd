import { listPage, type Schemas } from '../api.ts';
import { hourLabel, hourlyMeans, hoursBefore, type TimedScore } from '../monitor-scores.ts';
import { Chart } from './chart.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { Loading } from './loading.tsx';
import { useLoad } from './use-load.ts';

const DAYS = 7;
/** Scores read per metric at most (newest first): the chart says when it shows fewer than the week held. */
const PAGES = 5;

/** A metric's scores of the monitor since `since`, newest first, by cursor pages (the monitor+metric index). */
async function scoresSince(monitorId: string, metricId: string, since: string) {
  const scores: TimedScore[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < PAGES; page += 1) {
    const query = {
      monitorIds: [monitorId],
      metricIds: [metricId],
      statuses: ['SUCCESS'],
      sort: 'evaluatedAt,desc',
      limit: 1000,
    };
    const read: Awaited<ReturnType<typeof listPage<'/evaluations'>>> = await listPage('/evaluations', query, cursor);
    const recent = read.items.filter((row) => row.evaluatedAt !== null && row.evaluatedAt >= since);
    scores.push(...recent);
    if (recent.length < read.items.length || !read.next) return { scores, whole: true };
    cursor = read.next;
  }
  return { scores, whole: false };
}

/** Each metric's mean score per hour over the monitor's last 7 days (uPlot). */
export function MonitorScoreChart({
  monitorId,
  metrics,
}: {
  readonly monitorId: string;
  readonly metrics: readonly Schemas['Metric'][];
}) {
  const loaded = useLoad(async () => {
    const hours = hoursBefore(new Date(), DAYS);
    const since = new Date(hours[0] * 1000).toISOString();
    const read = await Promise.all(metrics.map((metric) => scoresSince(monitorId, metric.id, since)));
    return { hours, read };
  }, [monitorId, metrics.map((metric) => metric.id).join()]);
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the scores…" />;
  const { hours, read } = loaded.data;
  const scored = read.reduce((total, metric) => total + metric.scores.length, 0);
  if (scored === 0) return <p class="muted">No score in the last {DAYS} days.</p>;
  return (
    <>
      <Chart
        caption={`Mean score per hour, per metric, over the last ${DAYS} days (UTC)`}
        x={hours}
        xLabel="Hour (UTC)"
        yLabel="Mean score"
        yRange={[0, 1]}
        xFormat={hourLabel}
        series={metrics.map((metric, index) => ({
          label: metric.name,
          values: hourlyMeans(hours, read[index].scores),
        }))}
      />
      {read.some((metric) => !metric.whole) && (
        <p class="muted">The chart shows each metric's latest {PAGES * 1000} scores of the week.</p>
      )}
    </>
  );
}
