import { checkMonitorMetrics, checkMonitorVersion } from '../../domain/monitor/monitor.ts';
import type { Ports } from '../ports/ports.ts';

/** What a monitor names: its product, maybe one version, and its metrics. */
export interface MonitorTargets {
  readonly productId: string;
  readonly versionId?: string | null;
  readonly metricIds?: readonly string[];
}

/**
 * Checks that the product, the version and the metrics are live records of the organization (404 naming the first
 * that is not), that the version is the product's, and that each metric's source can be monitored (400).
 */
export async function checkMonitorTargets(
  ports: Pick<Ports, 'products' | 'versions' | 'metrics'>,
  scope: string,
  targets: MonitorTargets,
): Promise<void> {
  await ports.products.require(scope, targets.productId);
  if (targets.versionId) checkMonitorVersion(targets.productId, await ports.versions.require(scope, targets.versionId));
  if (targets.metricIds) checkMonitorMetrics(await ports.metrics.requireMany(scope, [...new Set(targets.metricIds)]));
}
