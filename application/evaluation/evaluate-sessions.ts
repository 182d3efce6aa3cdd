import { buildBatchReport, type BatchReport } from '../../domain/evaluation/batch-report.ts';
import { type RunTarget, versionTarget } from '../../domain/run/run.ts';
import { launchRequest } from '../../domain/run/launch.ts';
import { checkBatchTarget, MAX_SESSIONS_PER_BATCH } from '../../domain/evaluation/launch-request.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { planSessions, type LaunchScope } from './plan-sessions.ts';
import { listIn } from '../shared/list-in.ts';
import { launchEvaluations } from '../launch/launch-evaluations.ts';
import { launchTargetOf } from '../launch/launch-target.ts';

export interface EvaluateSessionsRequest extends LaunchScope {
  readonly sessionIds?: readonly string[];
  readonly versionId?: string;
  readonly runId?: string;
}

/** The spec's batch report, with the run and the launch the request became. */
export interface LaunchReport extends BatchReport {
  readonly runId: string;
  readonly launchId: string;
}

/** What evaluating existing sessions as one launch reads and writes. */
export type SessionEvaluationPorts = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'sequences'
  | 'evaluations'
  | 'runs'
  | 'launches'
  | 'jobQueue'
  | 'sessions'
  | 'versions'
  | 'metrics'
  | 'testCases'
  | 'datasets'
  | 'specifications'
>;

/** POST /evaluations/fromSessions: the spec's batch evaluation of existing sessions, with its metric-scope rules, as one launch. */
export class EvaluateSessions {
  constructor(private readonly ports: SessionEvaluationPorts) {}

  async execute(actor: Actor, request: EvaluateSessionsRequest): Promise<LaunchReport> {
    checkBatchTarget(request);
    const scope = actor.organizationId;
    let sessions: Session[];
    let missing: string[] = [];
    let total: number | null = null;
    let target: RunTarget;
    if (request.sessionIds) {
      sessions = await listIn(this.ports.sessions, scope, request.sessionIds);
      const found = new Set(sessions.map((session) => session.id));
      missing = [...new Set(request.sessionIds)].filter((id) => !found.has(id));
      target = await launchTargetOf(this.ports, scope, sessions, 'sessionIds');
    } else {
      const version = await this.ports.versions.require(scope, request.versionId!);
      target = versionTarget(version);
      const ofVersion = where.eq('versionId', request.versionId!);
      total = await this.ports.sessions.count(scope, { where: ofVersion });
      sessions = await this.ports.sessions.list(scope, {
        where: ofVersion,
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: MAX_SESSIONS_PER_BATCH,
      });
    }
    const plan = await planSessions(this.ports, scope, sessions, request);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    const assignments = plan.scopes.flatMap((entry) =>
      'metricIds' in entry ? [{ session: byId.get(entry.sessionId)!, metricIds: entry.metricIds }] : [],
    );
    const { run, launch, evaluations } = await launchEvaluations(this.ports, actor, {
      runId: request.runId,
      kind: 'EVALUATE_SESSION_BATCH',
      request: launchRequest(request),
      target,
      assignments,
      metrics: plan.metrics,
      scores: plan.scores,
    });
    const report = buildBatchReport({
      sessionsEvaluated: assignments.length,
      evaluationsCreated: evaluations.length,
      failures: missing.map((sessionId) => ({ sessionId, error: `Session ${sessionId} not found` })),
      skips: plan.scopes.flatMap((entry) =>
        'skip' in entry ? [{ sessionId: entry.sessionId, cause: entry.skip }] : [],
      ),
      inactiveMetricIds: plan.inactiveMetricIds,
      totalSessionsAvailable: total,
      truncated: total !== null && total > MAX_SESSIONS_PER_BATCH,
      processedLimit: MAX_SESSIONS_PER_BATCH,
    });
    return { ...report, runId: run.id, launchId: launch.id };
  }
}
