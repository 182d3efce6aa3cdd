import { unique } from '../catalog/fields.ts';

/** Why a session was left out of a batch evaluation. */
export type SkipCause = 'NOT_IN_SPECIFICATIONS' | 'NO_SPECIFICATION' | 'NO_LINKED_METRICS';

/** What the scope rules know about one session. */
export interface ScopedSession {
  readonly sessionId: string;
  /** The specification that produced the session's test case; null for imported sessions. */
  readonly specificationId: string | null;
}

export interface ScopeRequest {
  /** Ids of the metrics sent in `metrics`, already resolved; undefined when `metrics` was omitted. */
  readonly explicitMetricIds?: readonly string[];
  /** `specificationIds` as sent; undefined when omitted. */
  readonly specificationIds?: readonly string[];
  /** The metric ids linked to every specification involved (the sessions' own and the listed ones). */
  readonly linkedMetricIds: Readonly<Record<string, readonly string[]>>;
}

export type SessionScope =
  | { readonly sessionId: string; readonly metricIds: readonly string[] }
  | { readonly sessionId: string; readonly skip: SkipCause };

/**
 * The spec's metric-scope rules of batch evaluation, for one session:
 * 1. `metrics` sent (no specificationIds): those metrics, for every session.
 * 2. neither sent: the metrics linked to the session's own specification; none → skipped.
 * 3. only `specificationIds`: a strict allow-list of the session's own specification.
 * 4. both: the explicit metrics plus those of the listed specifications, for every session.
 * 5. a session whose specification has no linked metrics is skipped.
 */
export function scopeSession(request: ScopeRequest, session: ScopedSession): SessionScope {
  const { explicitMetricIds, specificationIds, linkedMetricIds } = request;
  const skip = (cause: SkipCause): SessionScope => ({ sessionId: session.sessionId, skip: cause });
  const linked = (specificationId: string): readonly string[] => linkedMetricIds[specificationId] ?? [];
  let metricIds: string[];
  if (explicitMetricIds !== undefined) {
    metricIds = unique([...explicitMetricIds, ...(specificationIds ?? []).flatMap(linked)]);
  } else if (specificationIds !== undefined) {
    if (session.specificationId === null || !specificationIds.includes(session.specificationId))
      return skip('NOT_IN_SPECIFICATIONS');
    metricIds = unique(linked(session.specificationId));
  } else {
    if (session.specificationId === null) return skip('NO_SPECIFICATION');
    metricIds = unique(linked(session.specificationId));
  }
  return metricIds.length === 0 ? skip('NO_LINKED_METRICS') : { sessionId: session.sessionId, metricIds };
}

/** The scope of every session, in order. */
export function scopeSessions(request: ScopeRequest, sessions: readonly ScopedSession[]): SessionScope[] {
  return sessions.map((session) => scopeSession(request, session));
}
