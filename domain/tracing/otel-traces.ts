import type { MappedOtelSpan } from './otel-span.ts';
import { CONVERSATION_ATTRIBUTES, OTEL_ATTRIBUTES } from './otel-attributes.ts';
import { sumTokenUsage, type TokenUsage } from './token-usage.ts';

/** One OTel trace of an export, as the inference result it becomes when its spans name none. */
export interface OtelTraceSummary {
  readonly traceId: string;
  readonly sessionId: string | null;
  readonly conversationId: string | null;
  readonly versionId: string | null;
  readonly input: string | null;
  readonly output: string | null;
  readonly usage: TokenUsage | null;
  readonly model: string | null;
  readonly latency: number | null;
}

/** Whether span `a` started before `b` (nanosecond text of equal length compares as text; no time sorts last). */
const startedBefore = (a: MappedOtelSpan, b: MappedOtelSpan): boolean =>
  a.startNanos !== null &&
  (b.startNanos === null ||
    a.startNanos.length < b.startNanos.length ||
    (a.startNanos.length === b.startNanos.length && a.startNanos < b.startNanos));

/** The trace's model calls in start order (input order when times are equal or missing). */
function generationsOf(members: readonly MappedOtelSpan[]): MappedOtelSpan[] {
  // Array sort is stable: spans of equal (or no) start time keep their input order.
  return members
    .filter((span) => span.type === 'GENERATION')
    .sort((a, b) => (startedBefore(a, b) ? -1 : startedBefore(b, a) ? 1 : 0));
}

/**
 * Groups the spans that name no inference result by OTel trace, as the turn they make: the session comes from the
 * first span that names one; the question from the root span, else the first model call (else any span having
 * one); the answer from the root span, else the last model call; the model from the model calls (the last one
 * naming it); the usage summed over the model calls (over every span when no model call reports any, so a sender's
 * own span types still count; an agent span repeating its calls' totals is not counted twice).
 */
export function summarizeOtelTraces(spans: readonly MappedOtelSpan[]): OtelTraceSummary[] {
  const unnamed = spansByTrace(spans.filter((span) => span.inferenceResultId === null));
  return [...unnamed.entries()].map(([traceId, members]) => {
    const root = members.find((span) => span.isRoot);
    const generations = generationsOf(members);
    const lastGeneration = [...generations].reverse();
    const pick = <K extends 'inputText' | 'outputText' | 'model'>(key: K, order: readonly MappedOtelSpan[]) =>
      order.find((span) => span[key] !== null)?.[key] ?? null;
    const generationUsage = sumTokenUsage(generations.map((span) => span.usage));
    return {
      traceId,
      sessionId: members.find((span) => span.sessionId)?.sessionId ?? null,
      conversationId: members.find((span) => span.conversationId)?.conversationId ?? null,
      versionId: members.find((span) => span.versionId)?.versionId ?? null,
      input: root?.inputText ?? pick('inputText', generations) ?? pick('inputText', members),
      output: root?.outputText ?? pick('outputText', lastGeneration) ?? pick('outputText', members),
      usage: generationUsage ?? sumTokenUsage(members.map((span) => span.usage)),
      model: pick('model', lastGeneration) ?? pick('model', members),
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
  return `trace ${summary.traceId}: no ${OTEL_ATTRIBUTES.inferenceResultId}, ${OTEL_ATTRIBUTES.sessionId} or ${CONVERSATION_ATTRIBUTES.join(', ')} attribute`;
}
