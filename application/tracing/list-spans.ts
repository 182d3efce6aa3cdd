import type { Span } from '../../domain/tracing/span.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface SpanFilter extends Page<Span> {
  readonly ids?: readonly string[];
  readonly inferenceResultIds?: readonly string[];
  readonly sessionIds?: readonly string[];
  readonly types?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly parentTraceIds?: readonly string[];
  readonly startTimeAfter?: string;
  readonly startTimeBefore?: string;
}

/** Spans of the caller's organization that meet every filter given. */
export class ListSpans extends FilteredList<Span, SpanFilter> {
  constructor(ports: Pick<Ports, 'spans'>) {
    super(ports.spans, (filter) => [
      ...where.in('id', filter.ids),
      ...where.in('inferenceResultId', filter.inferenceResultIds),
      ...where.in('sessionId', filter.sessionIds),
      ...where.in('type', filter.types),
      ...where.named(filter),
      ...where.in('parentTraceId', filter.parentTraceIds),
      ...where.range('startTime', filter.startTimeAfter, filter.startTimeBefore),
    ]);
  }
}
