import { type PricingPorts, priceTurns } from '../cost/price-turns.ts';
import type { Actor } from '../../domain/identity/role.ts';
import {
  updateInferenceResult,
  type InferenceResult,
  type InferenceResultFields,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Fills in or corrects a turn (output, usage, status) and prices it again; its dropped-span count is never overwritten. */
export class UpdateInferenceResult {
  constructor(private readonly ports: PricingPorts & Pick<Ports, 'uow'>) {}

  async execute(actor: Actor, id: string, changes: InferenceResultFields): Promise<InferenceResult> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      const result = await this.ports.inferenceResults.require(scope, id);
      const changed = updateInferenceResult(result, changes);
      const [priced] = await priceTurns(this.ports, scope, [result], {
        created: false,
        spans: true,
        changed: [changed],
      });
      return priced;
    });
  }
}
