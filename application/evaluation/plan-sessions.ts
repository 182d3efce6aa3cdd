import { isActiveMetric, type Metric } from '../../domain/catalog/metric.ts';
import { scopeSessions, type SessionScope } from '../../domain/evaluation/metric-scope.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { resolveMetrics, type MetricChoice } from './resolve-metrics.ts';
import { listIn } from '../shared/list-in.ts';
import { loadSpecificationLinks } from './session-specifications.ts';

export interface LaunchScope {
  readonly metrics?: readonly MetricChoice[];
  readonly specificationIds?: readonly string[];
}

export interface SessionPlan {
  readonly scopes: readonly SessionScope[];
  readonly metrics: ReadonlyMap<string, Metric>;
  readonly scores: ReadonlyMap<string, number>;
  /** Inactive metrics (disabled or superseded) the request named or linked: left out of every session. */
  readonly inactiveMetricIds: readonly string[];
}

type Needs = Pick<Ports, 'metrics' | 'testCases' | 'datasets' | 'specifications'>;

/** Loads what the metric-scope rules need (explicit metrics, specification links) and applies them to each session. */
export async function planSessions(
  ports: Needs,
  scope: string,
  sessions: readonly Session[],
  launch: LaunchScope,
): Promise<SessionPlan> {
  const explicit = launch.metrics ? await resolveMetrics(ports, scope, launch.metrics) : undefined;
  const links = await loadSpecificationLinks(ports, scope, sessions, launch.specificationIds ?? []);
  const linked = await listIn(ports.metrics, scope, Object.values(links.linkedMetricIds).flat());
  const live = new Set(linked.map((metric) => metric.id));
  const metrics = new Map([...linked, ...(explicit?.metrics ?? [])].map((metric) => [metric.id, metric]));
  const inactiveMetricIds = [...metrics.values()].filter((metric) => !isActiveMetric(metric)).map(({ id }) => id);
  const scopes = scopeSessions(
    {
      explicitMetricIds: explicit?.metrics.map((metric) => metric.id),
      specificationIds: launch.specificationIds,
      linkedMetricIds: Object.fromEntries(
        Object.entries(links.linkedMetricIds).map(([id, metricIds]) => [
          id,
          metricIds.filter((metricId) => live.has(metricId)),
        ]),
      ),
      inactiveMetricIds,
    },
    sessions.map((session) => ({
      sessionId: session.id,
      specificationId: links.specificationOf.get(session.id) ?? null,
    })),
  );
  return { scopes, metrics, scores: explicit?.scores ?? new Map(), inactiveMetricIds };
}
