import type { Actor } from '../../domain/identity/role.ts';
import { changeMonitor, type Monitor, type MonitorChanges } from '../../domain/monitor/monitor.ts';
import type { Ports } from '../ports/ports.ts';
import { withConflictMessage } from '../shared/insert-named.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { checkMonitorTargets } from './monitor-targets.ts';

type Needs = Pick<Ports, 'monitors' | 'products' | 'versions' | 'metrics' | 'clock' | 'uow'>;

/** PATCH /monitors/{id}: settings, and the status a user sets (ACTIVE or PAUSED). */
export class UpdateMonitor {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, id: string, changes: MonitorChanges): Promise<Monitor> {
    const scope = actor.organizationId;
    const current = await this.ports.monitors.require(scope, id);
    await checkMonitorTargets(this.ports, scope, {
      productId: current.productId,
      versionId: changes.versionId,
      metricIds: changes.metricIds,
    });
    // The platform writes the monitor too (discovery, scoring): a stale version is read again and the change re-applied.
    return retryStale(async () => {
      const monitor = await this.ports.monitors.require(scope, id);
      const next = changeMonitor(monitor, changes, this.ports.clock.now());
      return withConflictMessage(
        () => this.ports.monitors.update(next),
        `A monitor named "${next.name}" already exists for this product`,
      );
    });
  }
}
