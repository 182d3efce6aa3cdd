import type { Actor } from '../../domain/identity/role.ts';
import {
  createInferenceResult,
  turnsToResults,
  type ConversationTurn,
  type InferenceResult,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Turns a recorded conversation into a session's inference results, all in one transaction. */
export class CreateConversationResults {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'inferenceResults' | 'uow' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, sessionId: string, turns: readonly ConversationTurn[]): Promise<InferenceResult[]> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      await requireRecord(this.ports.sessions, scope, sessionId, 'Session');
      const now = this.ports.clock.now();
      const results = turnsToResults(turns).map((fields) =>
        createInferenceResult(this.ports.ids.next('inferenceResult'), scope, { ...fields, sessionId }, now),
      );
      await this.ports.inferenceResults.insertMany(results);
      return results;
    });
  }
}
