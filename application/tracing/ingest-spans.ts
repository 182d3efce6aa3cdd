import type { Actor } from '../../domain/identity/role.ts';
import type { SpanRejection } from '../../domain/tracing/span-batch.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { Ports } from '../ports/ports.ts';
import { planSpanWrite, resettleAfterCommit, storeSpanPlan } from './span-batch-writer.ts';

export interface SpanBatchResult {
  readonly created: readonly Span[];
  readonly rejected: readonly SpanRejection[];
}

/**
 * Stores a batch of spans with one multi-row statement in one transaction (planned before it, so the write lock is
 * held only for the writes). Refused spans leave their siblings alone and add to their inference result's dropped
 * count; a reference to another organization's inference result refuses the whole batch (403). Late parents are
 * linked inside the transaction, and once more after it (never failing a committed batch).
 */
export class IngestSpans {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults' | 'spans' | 'uow' | 'ids' | 'clock' | 'logger'>) {}

  async execute(actor: Actor, inputs: readonly unknown[]): Promise<SpanBatchResult> {
    const scope = actor.organizationId;
    const plan = await planSpanWrite(this.ports, scope, inputs, { requireSome: true });
    await this.ports.uow.transaction(() => storeSpanPlan(this.ports, scope, plan));
    await resettleAfterCommit(this.ports, scope, plan);
    return { created: plan.created, rejected: plan.rejected };
  }
}
