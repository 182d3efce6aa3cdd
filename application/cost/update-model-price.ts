import {
  assertMayChange,
  type ModelPrice,
  type ModelPriceChanges,
  updateModelPrice,
} from '../../domain/cost/model-price.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';
import { requireVisibleModel } from './model-access.ts';

/** Changes the organization's model; new prices apply to turns arriving from then on (a platform-wide one: 403). */
export class UpdateModelPrice {
  constructor(private readonly ports: Pick<Ports, 'modelPrices' | 'patterns' | 'clock'>) {}

  async execute(actor: Actor, id: string, changes: ModelPriceChanges): Promise<ModelPrice> {
    const model = await requireVisibleModel(this.ports, actor.organizationId, id);
    assertMayChange(model);
    const problem = changes.matchPattern ? this.ports.patterns.problem(changes.matchPattern) : null;
    const next = updateModelPrice(model, changes, this.ports.clock.now(), problem);
    return insertNamed(() => this.ports.modelPrices.update(next), { kind: 'model', name: next.name });
  }
}
