import type { Actor } from '../../domain/identity/role.ts';
import {
  updateInferenceResult,
  type InferenceResult,
  type InferenceResultFields,
} from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Fills in or corrects a turn (output, usage, status); its dropped-span count is never overwritten. */
export class UpdateInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults'>) {}

  async execute(actor: Actor, id: string, changes: InferenceResultFields): Promise<InferenceResult> {
    const result = await this.ports.inferenceResults.require(actor.organizationId, id);
    return this.ports.inferenceResults.update(updateInferenceResult(result, changes));
  }
}
