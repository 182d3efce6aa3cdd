import type { Actor } from '../../domain/identity/role.ts';
import {
  createInferenceResult,
  type InferenceResult,
  type NewInferenceResult,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Records one turn of a session of the caller's organization. */
export class CreateInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'inferenceResults' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewInferenceResult): Promise<InferenceResult> {
    await this.ports.sessions.require(actor.organizationId, input.sessionId);
    const result = createInferenceResult(input, {
      id: this.ports.ids.next('inferenceResult'),
      organizationId: actor.organizationId,
      now: this.ports.clock.now(),
    });
    return this.ports.inferenceResults.insert(result);
  }
}
