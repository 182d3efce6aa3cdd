import type { MappedOtelSpan } from './otel-span.ts';
import { OTEL_ATTRIBUTES } from './otel-attributes.ts';

/** One OTel trace of an export, as the inference result it becomes when its spans name none. */
export interface OtelTraceSummary {
  readonly traceId: string;
  readonly sessionId: string | null;
  readonly conversationId: string | null;
  readonly versionId: string | null;
  readonly input: string | null;
  readonly output: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly latency: number | null;
}

const sum = (values: readonly (number | null)[]): number | null =>
  values.some((value) => value !== null) ? values.reduce<number>((total, value) => total + (value ?? 0), 0) : null;

/**
 * Groups the spans that name no inference result by OTel trace: the session comes from the first span that names
 * one, input and output from the root span (else the first span carrying them), usage is summed.
 */
export function summarizeOtelTraces(spans: readonly MappedOtelSpan[]): OtelTraceSummary[] {
  const unnamed = spansByTrace(spans.filter((span) => span.inferenceResultId === null));
  return [...unnamed.entries()].map(([traceId, members]) => {
    const root = members.find((span) => span.isRoot);
    const first = <K extends keyof MappedOtelSpan>(key: K) =>
      (root?.[key] ?? members.find((span) => span[key] !== null)?.[key] ?? null) as MappedOtelSpan[K] | null;
    return {
      traceId,
      sessionId: members.find((span) => span.sessionId)?.sessionId ?? null,
      conversationId: members.find((span) => span.conversationId)?.conversationId ?? null,
      versionId: members.find((span) => span.versionId)?.versionId ?? null,
      input: first('inputText'),
      output: first('outputText'),
      inputTokens: sum(members.map((span) => span.inputTokens)),
      outputTokens: sum(members.map((span) => span.outputTokens)),
      latency: root && typeof root.input.latencyMs === 'number' ? root.input.latencyMs : null,
    };
  });
}

/** Spans grouped by OTel trace, traces in order of first appearance, each trace's spans in input order. */
export function spansByTrace<S extends { readonly traceId: string }>(spans: readonly S[]): Map<string, S[]> {
  const byTrace = new Map<string, S[]>();
  for (const span of spans) {
    const members = byTrace.get(span.traceId);
    if (members) members.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  return byTrace;
}

/** Why the spans of a trace could not be placed, or null when its summary names a session or a conversation with a version. */
export function unplaceableReason(summary: OtelTraceSummary): string | null {
  if (summary.sessionId !== null) return null;
  if (summary.conversationId !== null && summary.versionId !== null) return null;
  if (summary.conversationId !== null)
    return `trace ${summary.traceId}: ${OTEL_ATTRIBUTES.versionId} is needed to open a session for conversation ${summary.conversationId}`;
  return `trace ${summary.traceId}: no ${OTEL_ATTRIBUTES.inferenceResultId}, ${OTEL_ATTRIBUTES.sessionId} or session.id attribute`;
}
