import { insertPricedTurns } from '../cost/insert-priced-turns.ts';
import type { PricingPorts } from '../cost/price-turns.ts';
import type { Actor } from '../../domain/identity/role.ts';
import {
  createInferenceResult,
  type InferenceResult,
  type NewInferenceResult,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Records one turn, priced (sent cost, else its model's or its version's model's prices), of a session of the caller's organization. */
export class CreateInferenceResult {
  constructor(private readonly ports: PricingPorts & Pick<Ports, 'ids' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, input: NewInferenceResult): Promise<InferenceResult> {
    await this.ports.sessions.require(actor.organizationId, input.sessionId);
    const result = createInferenceResult(input, {
      id: this.ports.ids.next('inferenceResult'),
      organizationId: actor.organizationId,
      now: this.ports.clock.now(),
    });
    return this.ports.uow.transaction(async () => {
      const [stored] = await insertPricedTurns(this.ports, [result]);
      return stored;
    });
  }
}
