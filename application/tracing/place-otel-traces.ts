import { createInferenceResult } from '../../domain/tracing/inference-result.ts';
import { otelInferenceResultId, unplaceableReason, type OtelTraceSummary } from '../../domain/tracing/otel-span.ts';
import { assertBatchWritable } from '../../domain/tracing/span-batch.ts';
import { createSession } from '../../domain/tracing/session.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

type PlacingPorts = Pick<Ports, 'sessions' | 'versions' | 'inferenceResults' | 'spans' | 'ids' | 'clock'>;

export interface Placement {
  /** The inference result each placed OTel trace belongs to. */
  readonly results: ReadonlyMap<string, string>;
  /** Why the other traces could not be placed. */
  readonly reasons: readonly string[];
}

/** The session a trace names, or the one of its conversation on its version, opened when absent. */
async function sessionFor(ports: PlacingPorts, scope: string, summary: OtelTraceSummary): Promise<string | string[]> {
  if (summary.sessionId !== null) {
    return (await ports.sessions.get(scope, summary.sessionId))
      ? summary.sessionId
      : [`session ${summary.sessionId} not found`];
  }
  const versionId = summary.versionId!;
  if (!(await ports.versions.get(scope, versionId))) return [`version ${versionId} not found`];
  const byConversation = [...where.eq('versionId', versionId), ...where.eq('customId', summary.conversationId)];
  const [open] = await ports.sessions.list(scope, { where: byConversation, limit: 1 });
  if (open) return open.id;
  const session = createSession(
    { versionId, customId: summary.conversationId },
    { id: ports.ids.next('session'), organizationId: scope, now: ports.clock.now() },
  );
  return (await ports.sessions.insert(session)).id;
}

/**
 * Places OTel traces whose spans name no inference result: a trace already stored keeps its inference result (a
 * re-export is idempotent; another organization's is a 403); a new one gets an inference result, with an id derived
 * from the trace id, in the session it names (or its conversation's).
 */
export async function placeOtelTraces(
  ports: PlacingPorts,
  scope: string,
  summaries: readonly OtelTraceSummary[],
): Promise<Placement> {
  const results = new Map<string, string>();
  const reasons: string[] = [];
  for (const summary of summaries) {
    const id = otelInferenceResultId(summary.traceId);
    const stored = await ports.inferenceResults.get(null, id, { includeDeleted: true });
    if (stored) {
      assertBatchWritable(scope, [stored]);
      results.set(summary.traceId, id);
      continue;
    }
    const reason = unplaceableReason(summary);
    const sessionId = reason === null ? await sessionFor(ports, scope, summary) : [reason];
    if (Array.isArray(sessionId)) {
      reasons.push(...sessionId.map((why) => (why.startsWith('trace ') ? why : `trace ${summary.traceId}: ${why}`)));
      continue;
    }
    const { input, output, inputTokens, outputTokens, latency } = summary;
    const result = createInferenceResult(
      { sessionId, input, output, inputTokens, outputTokens, latency },
      { id, organizationId: scope, now: ports.clock.now() },
    );
    results.set(summary.traceId, (await ports.inferenceResults.insert(result)).id);
  }
  return { results, reasons };
}
