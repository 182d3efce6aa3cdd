import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface InferenceResultFilter extends Page<InferenceResult> {
  readonly ids?: readonly string[];
  readonly sessionIds?: readonly string[];
  readonly statuses?: readonly string[];
}

/** Inference results of the caller's organization that meet every filter given. */
export class ListInferenceResults extends FilteredList<InferenceResult, InferenceResultFilter> {
  constructor(ports: Pick<Ports, 'inferenceResults'>) {
    super(ports.inferenceResults, (filter) => [
      ...where.in('id', filter.ids),
      ...where.in('sessionId', filter.sessionIds),
      ...where.in('status', filter.statuses),
    ]);
  }
}
