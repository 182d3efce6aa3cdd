import { Forbidden, InvalidInput } from '../errors.ts';
import { isJsonObject } from '../shared/json.ts';
import { admitSpan } from './admit-span.ts';
import type { Span, SpanContext, SpanErrorCode } from './span.ts';

export const MAX_SPANS_PER_BATCH = 10_000;

/** A refused span of a batch: its position, its id when it sent one, and why. */
export interface SpanRejection {
  readonly index: number;
  readonly id?: string;
  readonly error: SpanErrorCode;
  readonly message: string;
}

/** A refused span to count on its inference result: once per span id (however often re-sent), each time without one. */
export interface DroppedSpan {
  readonly inferenceResultId: string;
  readonly spanId: string | null;
}

export interface SpanBatchPlan {
  /** New spans to store, in input order. */
  readonly fresh: readonly Span[];
  /** What the caller gets back: new spans and the stored copies of re-sent ones, in input order. */
  readonly created: readonly Span[];
  readonly rejected: readonly SpanRejection[];
  /** Refused spans naming an existing inference result, to add to its `droppedSpanCount` (ids repeated once). */
  readonly dropped: readonly DroppedSpan[];
}

const stringField = (input: unknown, field: string): string | null => {
  const value = isJsonObject(input) ? input[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The distinct values of one string field across a batch (ids, inference result ids). */
export function distinctField(inputs: readonly unknown[], field: 'id' | 'inferenceResultId'): string[] {
  const values = new Set<string>();
  for (const input of inputs) {
    const value = stringField(input, field);
    if (value !== null) values.add(value);
  }
  return [...values];
}

/** A batch naming another organization's inference result is refused whole: nothing of it is written. */
export function assertBatchWritable(
  organizationId: string,
  referenced: readonly { readonly id: string; readonly organizationId: string }[],
): void {
  const foreign = referenced.filter((record) => record.organizationId !== organizationId);
  if (foreign.length > 0) {
    throw new Forbidden(
      `The batch refers to records this organization may not write: ${foreign
        .slice(0, 5)
        .map((record) => record.id)
        .join(', ')}`,
    );
  }
}

/**
 * Sorts a batch into new spans, re-sent ones (idempotent: the stored copy is answered) and refused ones, and
 * lists the refused that name an existing inference result. Within a batch a repeated id is the same span: stored
 * once. `existing` holds the organization's stored spans with the batch's ids, soft-deleted ones included: a re-sent
 * id of a deleted span is refused (`deleted_span`), since a 2xx must mean stored and a deleted span stays deleted.
 */
export function planSpanBatch(
  inputs: readonly unknown[],
  context: SpanContext,
  existing: ReadonlyMap<string, Span>,
  mintId: () => string,
): SpanBatchPlan {
  const batchIds = new Set(distinctField(inputs, 'id'));
  const seen = new Set<string>();
  const fresh: Span[] = [];
  const created: Span[] = [];
  const rejected: SpanRejection[] = [];
  const dropped: DroppedSpan[] = [];
  const droppedIds = new Set<string>();
  inputs.forEach((input, index) => {
    const verdict = admitSpan(input, mintId, context, batchIds);
    if (!verdict.ok) {
      const [first] = verdict.problems;
      const message = verdict.problems
        .map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message))
        .join('; ');
      rejected.push({ index, ...(verdict.id ? { id: verdict.id } : {}), error: first.error, message });
      const owner = verdict.inferenceResultId;
      if (owner === null || !context.inferenceResults.has(owner)) return;
      if (verdict.id !== null && droppedIds.has(verdict.id)) return;
      if (verdict.id !== null) droppedIds.add(verdict.id);
      dropped.push({ inferenceResultId: owner, spanId: verdict.id });
      return;
    }
    const { span } = verdict;
    if (seen.has(span.id)) return;
    seen.add(span.id);
    const stored = existing.get(span.id);
    if (stored?.deletedAt) {
      rejected.push({
        index,
        id: span.id,
        error: 'deleted_span',
        message: `id: span ${span.id} was deleted; a deleted span is not stored again`,
      });
      return;
    }
    if (!stored) fresh.push(span);
    created.push(stored ?? span);
  });
  return { fresh, created, rejected, dropped };
}

/** A batch in which every span was refused is an invalid request; the rejections become its issues. */
export function assertSomeCreated(plan: SpanBatchPlan): void {
  if (plan.created.length > 0) return;
  throw new InvalidInput(
    plan.rejected.map((rejection) => ({
      path: `traces.${rejection.index}`,
      message: `${rejection.error}: ${rejection.message}`,
    })),
    `Every span of the batch was refused (${plan.rejected.length})`,
  );
}
