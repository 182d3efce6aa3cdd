import type { Actor } from '../../domain/identity/role.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';

/** Reads one inference result of the caller's organization. */
export class GetInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults'>) {}

  execute(actor: Actor, id: string): Promise<InferenceResult> {
    return this.ports.inferenceResults.require(actor.organizationId, id);
  }
}
