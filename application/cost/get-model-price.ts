import type { ModelPrice } from '../../domain/cost/model-price.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireVisibleModel } from './model-access.ts';

/** One model the organization sees: its own or a platform-wide one. */
export class GetModelPrice {
  constructor(private readonly ports: Pick<Ports, 'modelPrices'>) {}

  execute(actor: Actor, id: string): Promise<ModelPrice> {
    return requireVisibleModel(this.ports, actor.organizationId, id);
  }
}
