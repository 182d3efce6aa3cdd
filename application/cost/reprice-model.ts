import { createRepricing, type Repricing } from '../../domain/cost/repricing.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireVisibleModel } from './model-access.ts';

/** Queues a job re-pricing the organization's earlier turns priced by the model with its current prices (202). */
export class RepriceModel {
  constructor(
    private readonly ports: Pick<Ports, 'modelPrices' | 'repricings' | 'jobQueue' | 'uow' | 'ids' | 'clock'>,
  ) {}

  async execute(actor: Actor, id: string): Promise<Repricing> {
    const model = await requireVisibleModel(this.ports, actor.organizationId, id);
    return queueRepricing(this.ports, actor.organizationId, { modelId: model.id, allOrganizations: false });
  }
}

/** Stores a repricing job and queues it in one transaction, so an acknowledged request never loses its work. */
export function queueRepricing(
  ports: Pick<Ports, 'repricings' | 'jobQueue' | 'uow' | 'ids' | 'clock'>,
  organizationId: string,
  target: Parameters<typeof createRepricing>[0],
): Promise<Repricing> {
  const job = createRepricing(target, { id: ports.ids.next('repricing'), organizationId, now: ports.clock.now() });
  return ports.uow.transaction(async () => {
    await ports.repricings.insert(job);
    await ports.jobQueue.enqueueRepricings([{ organizationId, repricingId: job.id }]);
    return job;
  });
}
