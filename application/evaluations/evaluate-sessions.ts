import { buildBatchReport, type BatchReport } from '../../domain/evaluation/batch-report.ts';
import { checkBatchTarget, MAX_SESSIONS_PER_BATCH } from '../../domain/evaluation/launch-request.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { dispatchEvaluations } from './dispatch-evaluations.ts';
import { planSessions, type LaunchScope } from './plan-sessions.ts';
import { listIn } from '../shared/list-in.ts';

export interface EvaluateSessionsRequest extends LaunchScope {
  readonly sessionIds?: readonly string[];
  readonly versionId?: string;
  readonly runId?: string;
}

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'evaluations'
  | 'jobQueue'
  | 'sessions'
  | 'versions'
  | 'metrics'
  | 'testCases'
  | 'datasets'
  | 'specifications'
>;

/** POST /evaluations/fromSessions: the spec's batch evaluation of existing sessions, with its metric-scope rules. */
export class EvaluateSessions {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, request: EvaluateSessionsRequest): Promise<BatchReport> {
    checkBatchTarget(request);
    const scope = actor.organizationId;
    let sessions: Session[];
    let missing: string[] = [];
    let total: number | null = null;
    if (request.sessionIds) {
      sessions = await listIn(this.ports.sessions, scope, request.sessionIds);
      const found = new Set(sessions.map((session) => session.id));
      missing = [...new Set(request.sessionIds)].filter((id) => !found.has(id));
    } else {
      await requireRecord(this.ports.versions, scope, request.versionId!, 'Version');
      const where = [{ field: 'versionId', op: 'eq' as const, value: request.versionId }];
      total = await this.ports.sessions.count(scope, { where });
      sessions = await this.ports.sessions.list(scope, {
        where,
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: MAX_SESSIONS_PER_BATCH,
      });
    }
    const plan = await planSessions(this.ports, scope, sessions, request);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    const assignments = plan.scopes.flatMap((entry) =>
      'metricIds' in entry ? [{ session: byId.get(entry.sessionId)!, metricIds: entry.metricIds }] : [],
    );
    const evaluations = await dispatchEvaluations(this.ports, actor, {
      assignments,
      metrics: plan.metrics,
      scores: plan.scores,
      runId: request.runId,
    });
    return buildBatchReport({
      sessionsEvaluated: assignments.length,
      evaluationsCreated: evaluations.length,
      failures: missing.map((sessionId) => ({ sessionId, error: `Session ${sessionId} not found` })),
      skips: plan.scopes.flatMap((entry) =>
        'skip' in entry ? [{ sessionId: entry.sessionId, cause: entry.skip }] : [],
      ),
      totalSessionsAvailable: total,
      truncated: total !== null && total > MAX_SESSIONS_PER_BATCH,
      processedLimit: MAX_SESSIONS_PER_BATCH,
    });
  }
}
