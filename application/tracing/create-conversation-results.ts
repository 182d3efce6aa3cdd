import { insertPricedTurns } from '../cost/insert-priced-turns.ts';
import type { PricingPorts } from '../cost/price-turns.ts';
import type { Actor } from '../../domain/identity/role.ts';
import {
  createInferenceResult,
  turnsToResults,
  type ConversationTurn,
  type InferenceResult,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Turns a recorded conversation into a session's inference results, all in one transaction. */
export class CreateConversationResults {
  constructor(private readonly ports: PricingPorts & Pick<Ports, 'uow' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, sessionId: string, turns: readonly ConversationTurn[]): Promise<InferenceResult[]> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      await this.ports.sessions.require(scope, sessionId);
      const now = this.ports.clock.now();
      const results = turnsToResults(turns).map((fields) =>
        createInferenceResult(
          { ...fields, sessionId },
          { id: this.ports.ids.next('inferenceResult'), organizationId: scope, now },
        ),
      );
      return insertPricedTurns(this.ports, results);
    });
  }
}
