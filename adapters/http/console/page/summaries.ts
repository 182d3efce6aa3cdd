import { answered, client, type Schemas } from './api.ts';

export type MetricSummary = Schemas['MetricSummary'];

/** A run's per-metric summary (GET /runs/{id}/metricSummary). */
export const runSummary = (id: string): Promise<MetricSummary[]> =>
  answered(client.GET('/runs/{id}/metricSummary', { params: { path: { id } } }));

/** The summaries of several runs, six requests at a time, keyed by run id. */
export async function runSummaries(ids: readonly string[]): Promise<Map<string, MetricSummary[]>> {
  const found = new Map<string, MetricSummary[]>();
  for (let at = 0; at < ids.length; at += 6)
    await Promise.all(ids.slice(at, at + 6).map(async (id) => found.set(id, await runSummary(id))));
  return found;
}

/** The metrics named in some summaries, by id, in the order first met. */
export function metricNames(summaries: Iterable<readonly MetricSummary[]>): Map<string, string> {
  const names = new Map<string, string>();
  for (const summary of summaries) for (const line of summary) names.set(line.metricId, line.metricName);
  return names;
}

/** The share of a metric's evaluations that were scored (SUCCESS), or null without evaluations. */
export const passRate = (line: MetricSummary): number | null =>
  line.evaluations ? (line.byStatus.SUCCESS ?? 0) / line.evaluations : null;
