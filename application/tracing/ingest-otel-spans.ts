import { DuplicateKey } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { mapOtelSpan, otelSpanProblem, type MappedOtelSpan, type OtelSpan } from '../../domain/tracing/otel-span.ts';
import { spansByTrace, summarizeOtelTraces } from '../../domain/tracing/otel-traces.ts';
import type { SpanRejection } from '../../domain/tracing/span-batch.ts';
import { type Placement, planPlacement, storePlacement } from './place-otel-traces.ts';
import {
  planSpanWrite,
  resettleAfterCommit,
  type SpanIngestPorts,
  type SpanWritePlan,
  storeSpanPlan,
  writableResults,
} from './span-batch-writer.ts';

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
 * each write transaction, which holds a fixed number of set-based statements whatever the number of traces. The
 * observer is told what each committed chunk stored and refused, and the malformed spans refused before any.
 */
export class IngestOtelSpans {
  constructor(private readonly ports: SpanIngestPorts) {}

  async execute(actor: Actor, spans: readonly OtelSpan[]): Promise<OtelIngestOutcome | null> {
    try {
      return await this.ingest(actor.organizationId, spans);
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
      return this.ingest(actor.organizationId, spans);
    }
  }

  /**
   * One attempt; a concurrent export opening the same session or trace makes it fail with DuplicateKey, and the retry
   * finds theirs. Everything about the whole export (mapping, placement, tenancy) is decided first; then its spans are
   * planned and written in chunks of whole traces, each in its own transaction, the next chunk planned while the
   * previous one is written (a 10,000-span export otherwise left the process idle while the database wrote, and held
   * every stage's copy of every span at once). An export failing midway has stored whole traces; its retry stores the
   * rest (spans are recognised by their ids).
   */
  private async ingest(scope: string, spans: readonly OtelSpan[]): Promise<OtelIngestOutcome | null> {
    const malformed: string[] = [];
    const mapped: MappedOtelSpan[] = [];
    spans.forEach((span, index) => {
      const problem = otelSpanProblem(span);
      if (problem === null) mapped.push(mapOtelSpan(span));
      else malformed.push(`span ${index}: ${problem}`);
    });
    const placement = await planPlacement(this.ports, scope, summarizeOtelTraces(mapped));
    const named = [...new Set(mapped.flatMap((span) => span.inferenceResultId ?? []))];
    // Read once for every chunk; another organization's refuses the whole export before anything is written.
    const known = [...placement.created, ...placement.existing, ...(await writableResults(this.ports, scope, named))];
    const rejections: SpanRejection[] = [];
    let writing: Promise<void> | null = null;
    try {
      for (const chunk of chunksOfWholeTraces(mapped, CHUNK_SPANS)) {
        const inputs = chunk.map((span) => ({
          ...span.input,
          inferenceResultId: span.inferenceResultId ?? placement.results.get(span.traceId),
        }));
        const plan = await planSpanWrite(this.ports, scope, inputs, known);
        rejections.push(...plan.rejected);
        const first = writing === null;
        if (writing) await writing;
        writing = this.write(scope, first ? placement : null, plan);
        // Handled here so a failure while the next chunk is planned is not an unhandled rejection; awaited below.
        writing.catch(() => undefined);
      }
      await writing;
    } catch (error) {
      await writing?.catch(() => undefined);
      throw error;
    }
    this.ports.spanIngestion.ingested({ stored: 0, refused: malformed.length });
    const rejectedSpans = malformed.length + rejections.length;
    if (rejectedSpans === 0) return null;
    const details = [
      ...malformed,
      ...placement.reasons,
      ...rejections
        .filter((rejection) => rejection.message !== 'inferenceResultId: is required')
        .map((rejection) => `span ${rejection.id ?? rejection.index}: ${rejection.message}`),
    ];
    return { rejectedSpans, errorMessage: [...new Set(details)].join('; ').slice(0, MESSAGE_LIMIT) };
  }

  /** One chunk's transaction (the first also writes the placement), then the settling of late parents. */
  private async write(scope: string, placement: Placement | null, plan: SpanWritePlan): Promise<void> {
    await this.ports.uow.transaction(async () => {
      if (placement) await storePlacement(this.ports, placement);
      await storeSpanPlan(this.ports, scope, plan);
    });
    this.ports.spanIngestion.ingested({ stored: plan.fresh.length, refused: plan.rejected.length });
    await resettleAfterCommit(this.ports, scope, plan);
  }
}

/**
 * Spans of one chunk at most (a longer trace is a chunk of its own): a trace's spans are never split. 1000 to 5000
 * measured alike; fewer chunks commit (and flush the log) fewer times.
 */
const CHUNK_SPANS = 2500;

/** Groups spans into chunks of whole traces (in order of first appearance), each of about `size` spans. */
function chunksOfWholeTraces(spans: readonly MappedOtelSpan[], size: number): MappedOtelSpan[][] {
  const chunks: MappedOtelSpan[][] = [];
  let current: MappedOtelSpan[] = [];
  for (const members of spansByTrace(spans).values()) {
    if (current.length > 0 && current.length + members.length > size) {
      chunks.push(current);
      current = [];
    }
    current.push(...members);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
