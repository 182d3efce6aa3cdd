import { type PricingPorts, repriceStoredTurns } from '../cost/price-turns.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import {
  assertBatchWritable,
  distinctField,
  planSpanBatch,
  type SpanBatchPlan,
} from '../../domain/tracing/span-batch.ts';
import type { Ports } from '../ports/ports.ts';

type WriterPorts = Pick<Ports, 'inferenceResults' | 'spans' | 'ids' | 'clock'>;

/**
 * Reads what a batch of span inputs needs (one query for the inference results named, one for the organization's
 * spans with the batch's ids, deleted ones included), checks tenancy (403 for another organization's inference
 * result) and plans the batch. Writes nothing, so it runs before the write transaction: an organization never
 * changes, and re-sends racing each other are absorbed by `ignoreExisting`. `known` are live inference results of
 * the organization the caller already holds (OTLP traces it creates, results it read), not read again. The store
 * may encode the batch's rows now (`stage`), outside the coming transaction.
 */
export async function planSpanWrite(
  ports: WriterPorts,
  scope: string,
  inputs: readonly unknown[],
  known: readonly InferenceResult[] = [],
): Promise<SpanBatchPlan> {
  const knownIds = new Set(known.map((result) => result.id));
  const resultIds = distinctField(inputs, 'inferenceResultId').filter((id) => !knownIds.has(id));
  const spanIds = distinctField(inputs, 'id');
  const [results, resent] = await Promise.all([
    writableResults(ports, scope, resultIds),
    spanIds.length === 0 ? [] : ports.spans.listByIds(scope, spanIds),
  ]);
  const context = {
    organizationId: scope,
    now: ports.clock.now(),
    inferenceResults: new Map([...results, ...known].map((result) => [result.id, result])),
  };
  const plan = planSpanBatch(inputs, context, new Map(resent.map((span) => [span.id, span])), () =>
    ports.ids.next('trace'),
  );
  ports.spans.stage?.(plan.fresh);
  return plan;
}

/**
 * The live inference results with these ids, in one query; one of another organization refuses the whole write
 * (403) before anything is written. Deleted and unknown ones are left out (their spans are refused one by one).
 */
export async function writableResults(
  ports: Pick<Ports, 'inferenceResults'>,
  scope: string,
  ids: readonly string[],
): Promise<InferenceResult[]> {
  if (ids.length === 0) return [];
  const live = (await ports.inferenceResults.listByIds(null, ids)).filter((result) => result.deletedAt === null);
  assertBatchWritable(scope, live);
  return live;
}

/** Links the batch's spans that were waiting for a parent, and the stored spans waiting for them. */
export async function settleSpanPlan(ports: Pick<Ports, 'spans'>, scope: string, plan: SpanBatchPlan): Promise<void> {
  await ports.spans.settleParents(
    scope,
    plan.created.map((span) => span.id),
    plan.created.filter((span) => span.parentPending).map((span) => span.id),
  );
}

/**
 * Writes a planned batch inside the caller's transaction: one multi-row insert, the dropped-span counts, and the
 * parent links, so what commits is settled.
 */
export async function storeSpanPlan(
  ports: WriterPorts & PricingPorts,
  scope: string,
  plan: SpanBatchPlan,
): Promise<void> {
  await ports.spans.insertMany(plan.fresh, { ignoreExisting: true });
  await ports.inferenceResults.addDroppedSpans(scope, plan.dropped);
  await settleSpanPlan(ports, scope, plan);
  // A turn's usage and model come from its GENERATION spans (summed over all stored, so a re-sent span counts once).
  const priced = new Set(
    plan.created.filter((span) => span.type === 'GENERATION').map((span) => span.inferenceResultId),
  );
  await repriceStoredTurns(ports, scope, [...priced]);
}

/**
 * After the commit, settles again what a concurrent transaction could not see (a child and its parent committed
 * side by side on PostgreSQL): the batch is stored and answered as such, so a failure here is logged, never thrown.
 */
export async function resettleAfterCommit(
  ports: Pick<Ports, 'spans' | 'logger'>,
  scope: string,
  plan: SpanBatchPlan,
): Promise<void> {
  try {
    await settleSpanPlan(ports, scope, plan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ports.logger.warn({ organizationId: scope, reason }, 'span parent settling after commit failed');
  }
}
