import { unique } from '../shared/fields.ts';

/** Why a session was left out of a batch evaluation. */
export type SkipCause = 'NOT_IN_SPECIFICATIONS' | 'NO_SPECIFICATION' | 'NO_LINKED_METRICS' | 'ONLY_INACTIVE_METRICS';

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
  /** Metrics among those that may no longer create evaluations (disabled, or superseded by a newer revision). */
  readonly inactiveMetricIds?: readonly string[];
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
 * 6. an inactive metric (disabled or superseded) never creates an evaluation; a session left with only such
 *    metrics is skipped.
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
  if (metricIds.length === 0) return skip('NO_LINKED_METRICS');
  const inactive = new Set(request.inactiveMetricIds ?? []);
  const active = metricIds.filter((metricId) => !inactive.has(metricId));
  return active.length === 0 ? skip('ONLY_INACTIVE_METRICS') : { sessionId: session.sessionId, metricIds: active };
}

/** The scope of every session, in order. */
export function scopeSessions(request: ScopeRequest, sessions: readonly ScopedSession[]): SessionScope[] {
  return sessions.map((session) => scopeSession(request, session));
}
