import { type PricingPorts, priceArrivedSpans, repriceStoredTurns } from '../cost/price-turns.ts';
import { changesPrice } from '../../domain/cost/span-reports.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import {
  assertBatchWritable,
  distinctField,
  planSpanBatch,
  type SpanBatchPlan,
} from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { Ports } from '../ports/ports.ts';

type WriterPorts = Pick<Ports, 'inferenceResults' | 'spans' | 'ids' | 'clock'>;
type TransactionPorts = WriterPorts & Pick<Ports, 'uow'>;

/** The ports a span ingest (a batch of spans or an OTLP export) reads and writes through. */
export type SpanIngestPorts = Pick<
  Ports,
  | 'sessions'
  | 'versions'
  | 'modelPrices'
  | 'costLedger'
  | 'patterns'
  | 'inferenceResults'
  | 'spans'
  | 'spanIngestion'
  | 'uow'
  | 'ids'
  | 'clock'
  | 'logger'
>;

/**
 * A planned batch, and whether its transaction settles parent links: only when a span of the batch waits for its
 * parent, or a stored span waited (when planning) for one of the batch's ids. Otherwise the transaction holds just the
 * writes (on SQLite the one write lock), and what a concurrent batch stored meanwhile is settled after the commit.
 */
export type SpanWritePlan = SpanBatchPlan & { readonly settleInside: boolean };

/**
 * Reads what a batch of span inputs needs (one query for the inference results named, one for the organization's
 * spans with the batch's ids, deleted ones included, and whether a stored span waits for one of them), checks tenancy (403 for another organization's inference
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
): Promise<SpanWritePlan> {
  const knownIds = new Set(known.map((result) => result.id));
  const resultIds = distinctField(inputs, 'inferenceResultId').filter((id) => !knownIds.has(id));
  const spanIds = distinctField(inputs, 'id');
  const [results, { stored: resent, childrenWait }] = await Promise.all([
    writableResults(ports, scope, resultIds),
    ports.spans.listForBatch(scope, spanIds),
  ]);
  const context = {
    organizationId: scope,
    now: ports.clock.now(),
    inferenceResults: new Map([...results, ...known].map((result) => [result.id, result])),
  };
  const plan = planSpanBatch(inputs, context, new Map(resent.map((span) => [span.id, span])), () =>
    ports.ids.next('trace'),
  );
  await ports.spans.stage?.(plan.fresh);
  return { ...plan, settleInside: childrenWait || plan.created.some((span) => span.parentPending) };
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
 * How a written batch prices its turns: `arrived` adds what its new GENERATION spans bring to their turns
 * (priceArrivedSpans); `all` reads every GENERATION span of the turns named again (needed when the batch's turns were
 * made in the same transaction from these very spans, as an OTLP export's are).
 */
export type SpanPricing = 'arrived' | 'all';

/**
 * Writes a planned batch inside the caller's transaction: one multi-row insert, the dropped-span counts, the parent
 * links when something waited at planning time (`settleInside`), so what commits is settled, and the turns' prices.
 */
export async function storeSpanPlan(
  ports: WriterPorts & PricingPorts,
  scope: string,
  plan: SpanWritePlan,
  pricing: SpanPricing = 'all',
): Promise<void> {
  const written = await ports.spans.insertNew(plan.fresh);
  await ports.inferenceResults.addDroppedSpans(scope, plan.dropped);
  if (plan.settleInside) await settleSpanPlan(ports, scope, plan);
  if (pricing === 'arrived') await priceArrivedSpans(ports, scope, plan.fresh, written === plan.fresh.length);
  else await repriceStoredTurns(ports, scope, pricedTurns(plan.created));
}

/** The turns whose usage and model some of these spans report (GENERATION ones). */
function pricedTurns(spans: readonly Span[]): string[] {
  return [...new Set(spans.filter((span) => span.type === 'GENERATION').map((span) => span.inferenceResultId))];
}

/**
 * Writes a planned batch: when its insert is all it writes (no refused span to count, nothing to settle inside, no
 * new span that can change its turn's price: changesPrice) and the store can do that with one statement, that statement alone,
 * atomic by itself (no BEGIN and COMMIT: two round trips fewer on PostgreSQL, and on SQLite the write lock is held for
 * the statement only); otherwise `storeSpanPlan` in a transaction, pricing what arrived.
 */
export async function writeSpanPlan(
  ports: TransactionPorts & PricingPorts,
  scope: string,
  plan: SpanWritePlan,
): Promise<void> {
  const insertOnly = !plan.settleInside && plan.dropped.length === 0 && !plan.fresh.some(changesPrice);
  const alone = insertOnly && (await ports.spans.insertAlone?.(plan.fresh));
  if (!alone) await ports.uow.transaction(() => storeSpanPlan(ports, scope, plan, 'arrived'));
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
