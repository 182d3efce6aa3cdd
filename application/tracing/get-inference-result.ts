import type { Actor } from '../../domain/identity/role.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Reads one inference result of the caller's organization. */
export class GetInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults'>) {}

  execute(actor: Actor, id: string): Promise<InferenceResult> {
    return requireRecord(this.ports.inferenceResults, actor.organizationId, id, 'Inference result');
  }
}
