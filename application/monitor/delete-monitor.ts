import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';

/** DELETE /monitors/{id}: the monitor and its alert rules; its evaluations and alert episodes stay. */
export class DeleteMonitor {
  constructor(private readonly ports: Pick<Ports, 'monitors' | 'alertRules' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const monitor = await this.ports.monitors.require(scope, id);
        await this.ports.alertRules.softDeleteWhere(scope, where.eq('monitorId', id), deletedAt);
        await this.ports.monitors.update({ ...monitor, deletedAt });
      }),
    );
    return { id, deletedAt };
  }
}
