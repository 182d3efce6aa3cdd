import type { Actor } from '../../domain/identity/role.ts';
import { assertSomeCreated, type SpanRejection } from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { planSpanWrite, resettleAfterCommit, type SpanIngestPorts, writeSpanPlan } from './span-batch-writer.ts';

export interface SpanBatchResult {
  /** The spans answered: new ones and the stored copies of re-sent ones, in input order. */
  readonly created: readonly Span[];
  /** How many of them this batch stored: re-sent ids already stored are not counted. */
  readonly stored: number;
  readonly rejected: readonly SpanRejection[];
}

/**
 * Stores a batch of spans with one multi-row statement in one transaction (planned before it, so the write lock is
 * held only for the writes; no transaction around it when that statement is all the batch writes). Refused spans leave their siblings alone and add to their inference result's dropped
 * count; a batch with no span to keep is refused (400); a reference to another organization's inference result refuses
 * the whole batch (403). Late parents are linked inside the transaction, and once more after it (never failing a
 * committed batch). The observer is told what was stored and refused.
 */
export class IngestSpans {
  constructor(private readonly ports: SpanIngestPorts) {}

  async execute(actor: Actor, inputs: readonly unknown[]): Promise<SpanBatchResult> {
    const scope = actor.organizationId;
    const plan = await planSpanWrite(this.ports, scope, inputs);
    if (plan.created.length > 0) await writeSpanPlan(this.ports, scope, plan);
    this.ports.spanIngestion.ingested({ stored: plan.fresh.length, refused: plan.rejected.length });
    assertSomeCreated(plan);
    await resettleAfterCommit(this.ports, scope, plan);
    return { created: plan.created, stored: plan.fresh.length, rejected: plan.rejected };
  }
}
