import { assertMayChange } from '../../domain/cost/model-price.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { requireVisibleModel } from './model-access.ts';

/** Soft-deletes the organization's model; turns it priced keep their cost (a platform-wide one: 403). */
export class DeleteModelPrice {
  constructor(private readonly ports: Pick<Ports, 'modelPrices' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const model = await requireVisibleModel(this.ports, actor.organizationId, id);
    assertMayChange(model);
    const deletedAt = this.ports.clock.now();
    await this.ports.modelPrices.update({ ...model, deletedAt });
    return { id, deletedAt };
  }
}
