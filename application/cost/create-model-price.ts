import {
  assertMayCreate,
  createModelPrice,
  type ModelPrice,
  type NewModelPrice,
} from '../../domain/cost/model-price.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { insertNamed } from '../shared/insert-named.ts';

/** Adds a model's prices to the organization, or platform-wide (platform ADMIN only: else 403); names unique per owner. */
export class CreateModelPrice {
  constructor(private readonly ports: Pick<Ports, 'modelPrices' | 'patterns' | 'ids' | 'clock'>) {}

  execute(actor: Actor, input: NewModelPrice): Promise<ModelPrice> {
    assertMayCreate(actor, input);
    const problem = input.matchPattern ? this.ports.patterns.problem(input.matchPattern) : null;
    const model = createModelPrice(
      input,
      { id: this.ports.ids.next('model'), organizationId: actor.organizationId, now: this.ports.clock.now() },
      problem,
    );
    return insertNamed(() => this.ports.modelPrices.insert(model), { kind: 'model', name: model.name });
  }
}
