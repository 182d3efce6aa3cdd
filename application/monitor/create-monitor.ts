import type { Actor } from '../../domain/identity/role.ts';
import { createMonitor, type Monitor, type NewMonitor } from '../../domain/monitor/monitor.ts';
import type { Ports } from '../ports/ports.ts';
import { withConflictMessage } from '../shared/insert-named.ts';
import { checkMonitorTargets } from './monitor-targets.ts';

type Needs = Pick<Ports, 'monitors' | 'products' | 'versions' | 'metrics' | 'ids' | 'clock'>;

/** POST /monitors: an ACTIVE monitor that scores the production sessions becoming ready from now on. */
export class CreateMonitor {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, input: NewMonitor): Promise<Monitor> {
    const scope = actor.organizationId;
    const monitor = createMonitor(input, {
      id: this.ports.ids.next('monitor'),
      organizationId: scope,
      now: this.ports.clock.now(),
    });
    await checkMonitorTargets(this.ports, scope, input);
    return withConflictMessage(
      () => this.ports.monitors.insert(monitor),
      `A monitor named "${monitor.name}" already exists for this product`,
    );
  }
}
