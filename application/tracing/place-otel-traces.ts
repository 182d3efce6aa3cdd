import { insertPricedTurns } from '../cost/insert-priced-turns.ts';
import type { PricingPorts } from '../cost/price-turns.ts';
import { InvalidInput } from '../../domain/errors.ts';
import { createInferenceResult, type InferenceResult } from '../../domain/tracing/inference-result.ts';
import { legacyOtelInferenceResultId, otelInferenceResultId } from '../../domain/tracing/otel-span.ts';
import { type OtelTraceSummary, unplaceableReason } from '../../domain/tracing/otel-traces.ts';
import { createSession, type Session } from '../../domain/tracing/session.ts';
import { assertBatchWritable } from '../../domain/tracing/span-batch.ts';
import type { Ports } from '../ports/ports.ts';

type PlacingPorts = Pick<Ports, 'sessions' | 'versions' | 'inferenceResults' | 'ids' | 'clock'>;

/** Where the traces of an export go, decided before the write transaction; `storePlacement` writes it. */
export interface Placement {
  /** The inference result each placed OTel trace belongs to. */
  readonly results: ReadonlyMap<string, string>;
  /** Why the other traces could not be placed. */
  readonly reasons: readonly string[];
  /** Sessions to open (conversations seen for the first time). */
  readonly sessions: readonly Session[];
  /** Inference results to create (traces seen for the first time). */
  readonly created: readonly InferenceResult[];
  /** The stored inference results traces were placed in (traces exported before). */
  readonly existing: readonly InferenceResult[];
}

const distinct = (values: readonly (string | null)[]): string[] =>
  [...new Set(values)].filter((value): value is string => value !== null);

const conversationKey = (versionId: string, customId: string) => `${versionId}\u0000${customId}`;

/** What the placement reads, each with one query whatever the number of traces. */
async function readPlacementInputs(ports: PlacingPorts, scope: string, summaries: readonly OtelTraceSummary[]) {
  const traceResultIds = summaries.flatMap((summary) => [
    otelInferenceResultId(scope, summary.traceId),
    legacyOtelInferenceResultId(summary.traceId),
  ]);
  const sessionIds = distinct(summaries.map((summary) => summary.sessionId));
  const versionIds = distinct(summaries.map((summary) => (summary.sessionId === null ? summary.versionId : null)));
  const customIds = distinct(summaries.map((summary) => (summary.sessionId === null ? summary.conversationId : null)));
  const [stored, sessions, versions, conversations] = await Promise.all([
    ports.inferenceResults.listByIds(null, traceResultIds),
    sessionIds.length === 0
      ? []
      : ports.sessions.list(scope, {
          where: [{ field: 'id', op: 'in', values: sessionIds }],
          limit: sessionIds.length,
        }),
    versionIds.length === 0
      ? []
      : ports.versions.list(scope, {
          where: [{ field: 'id', op: 'in', values: versionIds }],
          limit: versionIds.length,
        }),
    versionIds.length === 0 || customIds.length === 0
      ? []
      : ports.sessions.list(scope, {
          where: [
            { field: 'versionId', op: 'in', values: versionIds },
            { field: 'customId', op: 'in', values: customIds },
          ],
          limit: versionIds.length * customIds.length,
        }),
  ]);
  return {
    stored: new Map(stored.map((result) => [result.id, result])),
    sessions: new Set(sessions.map((session) => session.id)),
    versions: new Set(versions.map((version) => version.id)),
    conversations: new Map(
      conversations.map((session) => [conversationKey(session.versionId, session.customId ?? ''), session.id]),
    ),
  };
}

/**
 * Places OTel traces whose spans name no inference result, reading with a few set-based queries and writing
 * nothing: a trace already stored keeps its inference result (a re-export is idempotent); a new one gets an inference
 * result, with an id derived from the organization and the trace id, in the session it names or in
 * its conversation's session on its version (opened once per conversation when absent).
 */
export async function planPlacement(
  ports: PlacingPorts,
  scope: string,
  summaries: readonly OtelTraceSummary[],
): Promise<Placement> {
  const known = await readPlacementInputs(ports, scope, summaries);
  // A trace stored under its legacy id (the trace id alone) by this organization keeps it; one another organization
  // holds under that id is not this organization's to use: its own trace gets its own id.
  const resultIdOf = (traceId: string): string => {
    const legacy = known.stored.get(legacyOtelInferenceResultId(traceId));
    return legacy?.organizationId === scope ? legacy.id : otelInferenceResultId(scope, traceId);
  };
  assertBatchWritable(
    scope,
    summaries.flatMap((summary) => known.stored.get(resultIdOf(summary.traceId)) ?? []),
  );
  const now = ports.clock.now();
  const results = new Map<string, string>();
  const reasons: string[] = [];
  const opened: Session[] = [];
  const created: InferenceResult[] = [];
  const sessionOf = (summary: OtelTraceSummary): string | { readonly missing: string } => {
    if (summary.sessionId !== null)
      return known.sessions.has(summary.sessionId) ? summary.sessionId : { missing: `session ${summary.sessionId}` };
    const versionId = summary.versionId as string;
    const customId = summary.conversationId as string;
    if (!known.versions.has(versionId)) return { missing: `version ${versionId}` };
    const key = conversationKey(versionId, customId);
    const open = known.conversations.get(key);
    if (open) return open;
    const session = createSession(
      { versionId, customId },
      { id: ports.ids.next('session'), organizationId: scope, now },
    );
    opened.push(session);
    known.conversations.set(key, session.id);
    return session.id;
  };
  const existing: InferenceResult[] = [];
  for (const summary of summaries) {
    const id = resultIdOf(summary.traceId);
    const stored = known.stored.get(id);
    if (stored) {
      results.set(summary.traceId, id);
      if (stored.deletedAt === null) existing.push(stored);
      continue;
    }
    const reason = unplaceableReason(summary);
    if (reason !== null) {
      reasons.push(reason);
      continue;
    }
    const sessionId = sessionOf(summary);
    if (typeof sessionId !== 'string') {
      reasons.push(`trace ${summary.traceId}: ${sessionId.missing} not found`);
      continue;
    }
    try {
      const { input, output, usage, model, latency } = summary;
      const result = createInferenceResult(
        { sessionId, input, output, model, latency, ...usage },
        { id, organizationId: scope, now },
        'spans',
      );
      created.push(result);
      results.set(summary.traceId, id);
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      reasons.push(`trace ${summary.traceId}: ${error.message}`);
    }
  }
  return { results, reasons, sessions: opened, created, existing };
}

/**
 * Writes a placement inside the caller's transaction: one multi-row insert for the sessions, one for the inference
 * results. A concurrent export that opened the same session or trace first makes it fail with DuplicateKey.
 */
export async function storePlacement(ports: PricingPorts, placement: Placement) {
  await ports.sessions.insertMany(placement.sessions);
  await insertPricedTurns(ports, placement.created);
}
