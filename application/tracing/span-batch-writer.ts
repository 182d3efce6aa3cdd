import {
  assertBatchWritable,
  assertSomeCreated,
  distinctField,
  planSpanBatch,
  type SpanBatchPlan,
} from '../../domain/tracing/span-batch.ts';
import type { Ports } from '../ports/ports.ts';

type WriterPorts = Pick<Ports, 'inferenceResults' | 'spans' | 'ids' | 'clock'>;

/**
 * Reads what a batch of span inputs needs (one query for the inference results named, one for re-sent ids), checks
 * tenancy (403 for another organization's record) and plans the batch. Writes nothing, so it may run before the
 * write transaction: an organization never changes, and re-sends racing each other are absorbed by `ignoreExisting`.
 * With `requireSome`, a batch with nothing to create is refused.
 */
export async function planSpanWrite(
  ports: WriterPorts,
  scope: string,
  inputs: readonly unknown[],
  { requireSome }: { requireSome: boolean },
): Promise<SpanBatchPlan> {
  const resultIds = distinctField(inputs, 'inferenceResultId');
  const spanIds = distinctField(inputs, 'id');
  const results =
    resultIds.length === 0
      ? []
      : await ports.inferenceResults.list(null, {
          where: [{ field: 'id', op: 'in', values: resultIds }],
          limit: resultIds.length,
        });
  const resent =
    spanIds.length === 0
      ? []
      : await ports.spans.list(null, { where: [{ field: 'id', op: 'in', values: spanIds }], limit: spanIds.length });
  assertBatchWritable(scope, [...results, ...resent]);
  const context = {
    organizationId: scope,
    now: ports.clock.now(),
    inferenceResults: new Map(results.map((result) => [result.id, result])),
  };
  const plan = planSpanBatch(inputs, context, new Map(resent.map((span) => [span.id, span])), () =>
    ports.ids.next('trace'),
  );
  if (requireSome) assertSomeCreated(plan);
  return plan;
}

/** Once the batch committed, links its spans that were waiting for a parent, and the stored spans waiting for them. */
export async function settleSpanPlan(ports: Pick<Ports, 'spans'>, scope: string, plan: SpanBatchPlan): Promise<void> {
  await ports.spans.settleParents(
    scope,
    plan.created.map((span) => span.id),
    plan.created.filter((span) => span.parentPending).map((span) => span.id),
  );
}

/** Writes a planned batch inside the caller's transaction: one multi-row insert, then the dropped-span increments. */
export async function storeSpanPlan(ports: WriterPorts, scope: string, plan: SpanBatchPlan): Promise<void> {
  await ports.spans.insertMany(plan.fresh, { ignoreExisting: true });
  await ports.inferenceResults.addDroppedSpans(scope, plan.dropped);
}
