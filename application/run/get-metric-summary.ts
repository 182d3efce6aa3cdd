import type { Actor } from '../../domain/identity/role.ts';
import { summariseMetrics, type MetricSummary } from '../../domain/run/metric-summary.ts';
import { unique } from '../../domain/shared/fields.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

/** GET /runs/{id}/metricSummary: per metric, counts by status and the mean, lowest and highest effective score. */
export class GetMetricSummary {
  constructor(private readonly ports: Pick<Ports, 'runs' | 'evaluations' | 'metrics'>) {}

  async execute(actor: Actor, id: string): Promise<MetricSummary[]> {
    const scope = actor.organizationId;
    const run = await this.ports.runs.require(scope, id);
    const tallies = await this.ports.evaluations.tallyScores(scope, where.eq('runId', run.id));
    const metricIds = unique(tallies.map((tally) => tally.metricId));
    const live = await listIn(this.ports.metrics, scope, metricIds);
    const names = new Map(live.map((metric) => [metric.id, metric.name]));
    // A metric deleted since keeps its name in the summary (rare: one read per deleted metric of the run).
    const deleted = await Promise.all(
      metricIds
        .filter((metricId) => !names.has(metricId))
        .map((metricId) => this.ports.metrics.get(scope, metricId, { includeDeleted: true })),
    );
    for (const metric of deleted) if (metric) names.set(metric.id, metric.name);
    return summariseMetrics(tallies, names);
  }
}
