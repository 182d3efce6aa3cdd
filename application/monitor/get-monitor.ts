import type { Actor } from '../../domain/identity/role.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import type { Ports } from '../ports/ports.ts';

/** GET /monitors/{id}. */
export class GetMonitor {
  constructor(private readonly ports: Pick<Ports, 'monitors'>) {}

  execute(actor: Actor, id: string): Promise<Monitor> {
    return this.ports.monitors.require(actor.organizationId, id);
  }
}
