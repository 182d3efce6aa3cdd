import type { Actor } from '../../domain/identity/role.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';

export interface InferenceResultFilter extends Page<InferenceResult> {
  readonly ids?: readonly string[];
  readonly sessionIds?: readonly string[];
  readonly statuses?: readonly string[];
}

/** Inference results of the caller's organization that meet every filter given. */
export class ListInferenceResults {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults'>) {}

  execute(actor: Actor, filter: InferenceResultFilter): Promise<InferenceResult[]> {
    return this.ports.inferenceResults.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...where.in('sessionId', filter.sessionIds),
        ...where.in('status', filter.statuses),
      ],
      ...filter,
    });
  }
}
