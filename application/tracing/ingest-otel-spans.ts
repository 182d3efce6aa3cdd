import { DuplicateKey } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { mapOtelSpan, summarizeOtelTraces, type OtelSpan } from '../../domain/tracing/otel-span.ts';
import type { Ports } from '../ports/ports.ts';
import { placeOtelTraces } from './place-otel-traces.ts';
import { planSpanWrite, settleSpanPlan, storeSpanPlan } from './span-batch-writer.ts';

/** What OTLP's partial success reports: how many spans were refused and why (null when all were stored). */
export interface OtelIngestOutcome {
  readonly rejectedSpans: number;
  readonly errorMessage: string;
}

const MESSAGE_LIMIT = 2000;

/**
 * Stores OpenTelemetry spans as spans of inference results: the ones they name, or one per OTel trace in the
 * session they name. Like a span batch: refused spans are counted, not fatal; another organization's inference
 * result refuses the whole export (403).
 */
export class IngestOtelSpans {
  constructor(
    private readonly ports: Pick<
      Ports,
      'sessions' | 'versions' | 'inferenceResults' | 'spans' | 'uow' | 'ids' | 'clock'
    >,
  ) {}

  async execute(actor: Actor, spans: readonly OtelSpan[]): Promise<OtelIngestOutcome | null> {
    try {
      return await this.ingest(actor.organizationId, spans);
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
      return this.ingest(actor.organizationId, spans);
    }
  }

  /** One attempt; a concurrent export opening the same session or trace makes it fail with DuplicateKey, and the retry finds theirs. */
  private async ingest(scope: string, spans: readonly OtelSpan[]): Promise<OtelIngestOutcome | null> {
    const mapped = spans.map(mapOtelSpan);
    const { plan, reasons } = await this.ports.uow.transaction(async () => {
      const placement = await placeOtelTraces(this.ports, scope, summarizeOtelTraces(mapped));
      const inputs = mapped.map((span) => ({
        ...span.input,
        inferenceResultId: span.inferenceResultId ?? placement.results.get(span.traceId),
      }));
      const planned = await planSpanWrite(this.ports, scope, inputs, { requireSome: false });
      await storeSpanPlan(this.ports, scope, planned);
      return { plan: planned, reasons: placement.reasons };
    });
    await settleSpanPlan(this.ports, scope, plan);
    if (plan.rejected.length === 0) return null;
    const details = [
      ...reasons,
      ...plan.rejected
        .filter((rejection) => rejection.message !== 'inferenceResultId: is required')
        .map((rejection) => `span ${rejection.id ?? rejection.index}: ${rejection.message}`),
    ];
    return {
      rejectedSpans: plan.rejected.length,
      errorMessage: [...new Set(details)].join('; ').slice(0, MESSAGE_LIMIT),
    };
  }
}
