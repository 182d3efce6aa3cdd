import { InvalidInput, type Issue } from '../../domain/errors.ts';
import type { Metric } from '../../domain/catalog/metric.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

/** A metric as a launch request names it: by id or by name, with a score for SELF_HOSTED metrics. */
export interface MetricChoice {
  readonly id?: string;
  readonly name?: string;
  readonly score?: number;
}

export interface ResolvedMetrics {
  readonly metrics: readonly Metric[];
  /** Caller-supplied scores by metric id. */
  readonly scores: ReadonlyMap<string, number>;
}

/** Finds every named metric of the organization; any unknown one (or a score on a non-self-hosted one) is a 400 for the whole request. */
export async function resolveMetrics(
  ports: Pick<Ports, 'metrics'>,
  scope: string,
  choices: readonly MetricChoice[],
): Promise<ResolvedMetrics> {
  const ids = choices.flatMap((choice) => (choice.id ? [choice.id] : []));
  const names = choices.flatMap((choice) => (!choice.id && choice.name ? [choice.name] : []));
  const [byId, byName] = await Promise.all([
    listIn(ports.metrics, scope, ids),
    names.length
      ? ports.metrics.list(scope, { where: [{ field: 'activeName', op: 'in', values: names }], limit: 1000 })
      : [],
  ]);
  const issues: Issue[] = [];
  const metrics = new Map<string, Metric>();
  const scores = new Map<string, number>();
  for (const [index, choice] of choices.entries()) {
    const metric = choice.id
      ? byId.find((item) => item.id === choice.id)
      : byName.find((item) => item.activeName === choice.name);
    if (!metric) {
      issues.push({ path: `metrics.${index}`, message: `unknown metric ${choice.id ?? choice.name}` });
    } else if (choice.score !== undefined && metric.source !== 'SELF_HOSTED') {
      issues.push({
        path: `metrics.${index}.score`,
        message: `a score may only be sent for SELF_HOSTED metrics (${metric.name} is ${metric.source})`,
      });
    } else {
      metrics.set(metric.id, metric);
      if (choice.score !== undefined) scores.set(metric.id, choice.score);
    }
  }
  if (issues.length > 0) throw new InvalidInput(issues);
  return { metrics: [...metrics.values()], scores };
}
