import type { Actor } from '../../domain/identity/role.ts';
import {
  createInferenceResult,
  type InferenceResult,
  type NewInferenceResult,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Records one turn of a session of the caller's organization. */
export class CreateInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'inferenceResults' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewInferenceResult): Promise<InferenceResult> {
    await requireRecord(this.ports.sessions, actor.organizationId, input.sessionId, 'Session');
    const result = createInferenceResult(
      this.ports.ids.next('inferenceResult'),
      actor.organizationId,
      input,
      this.ports.clock.now(),
    );
    return this.ports.inferenceResults.insert(result);
  }
}
