import { DuplicateKey } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import {
  mapOtelSpan,
  otelSpanProblem,
  summarizeOtelTraces,
  type MappedOtelSpan,
  type OtelSpan,
} from '../../domain/tracing/otel-span.ts';
import type { Ports } from '../ports/ports.ts';
import { planPlacement, storePlacement } from './place-otel-traces.ts';
import { planSpanWrite, resettleAfterCommit, storeSpanPlan } from './span-batch-writer.ts';

/** What OTLP's partial success reports: how many spans were refused and why (null when all were stored). */
export interface OtelIngestOutcome {
  readonly rejectedSpans: number;
  readonly errorMessage: string;
}

const MESSAGE_LIMIT = 2000;

/**
 * Stores OpenTelemetry spans as spans of inference results: the ones they name, or one per OTel trace in the
 * session they name. Like a span batch: refused spans (malformed ids or times included) are counted, not fatal;
 * another organization's inference result refuses the whole export (403). Everything is read and planned before
 * the write transaction, which holds a fixed number of set-based statements whatever the number of traces.
 */
export class IngestOtelSpans {
  constructor(
    private readonly ports: Pick<
      Ports,
      'sessions' | 'versions' | 'inferenceResults' | 'spans' | 'uow' | 'ids' | 'clock' | 'logger'
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
    const malformed: string[] = [];
    const mapped: MappedOtelSpan[] = [];
    spans.forEach((span, index) => {
      const problem = otelSpanProblem(span);
      if (problem === null) mapped.push(mapOtelSpan(span));
      else malformed.push(`span ${index}: ${problem}`);
    });
    const placement = await planPlacement(this.ports, scope, summarizeOtelTraces(mapped));
    const inputs = mapped.map((span) => ({
      ...span.input,
      inferenceResultId: span.inferenceResultId ?? placement.results.get(span.traceId),
    }));
    const plan = await planSpanWrite(this.ports, scope, inputs, { requireSome: false, placed: placement.created });
    await this.ports.uow.transaction(async () => {
      await storePlacement(this.ports, placement);
      await storeSpanPlan(this.ports, scope, plan);
    });
    await resettleAfterCommit(this.ports, scope, plan);
    const rejectedSpans = malformed.length + plan.rejected.length;
    if (rejectedSpans === 0) return null;
    const details = [
      ...malformed,
      ...placement.reasons,
      ...plan.rejected
        .filter((rejection) => rejection.message !== 'inferenceResultId: is required')
        .map((rejection) => `span ${rejection.id ?? rejection.index}: ${rejection.message}`),
    ];
    return { rejectedSpans, errorMessage: [...new Set(details)].join('; ').slice(0, MESSAGE_LIMIT) };
  }
}
