import { InvalidInput } from '../../domain/errors.ts';
import { SKIP_REASONS } from '../../domain/evaluation/batch-report.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { dispatchEvaluations } from './dispatch-evaluations.ts';
import { planSessions, type LaunchScope } from './plan-sessions.ts';

export interface EvaluateSessionRequest extends LaunchScope {
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
  | 'inferenceResults'
  | 'metrics'
  | 'testCases'
  | 'datasets'
  | 'specifications'
>;

/** POST /evaluations/fromSession and /fromInferenceResult: the batch scope rules applied to one session (or one of its turns). */
export class EvaluateSession {
  constructor(private readonly ports: Needs) {}

  async execute(
    actor: Actor,
    target: { sessionId: string } | { inferenceResultId: string },
    request: EvaluateSessionRequest,
  ): Promise<Evaluation[]> {
    const scope = actor.organizationId;
    const result =
      'inferenceResultId' in target
        ? await requireRecord(this.ports.inferenceResults, scope, target.inferenceResultId, 'Inference result')
        : null;
    const session = await requireRecord(
      this.ports.sessions,
      scope,
      result?.sessionId ?? (target as { sessionId: string }).sessionId,
      'Session',
    );
    const plan = await planSessions(this.ports, scope, [session], request);
    const [entry] = plan.scopes;
    const subject = request.metrics
      ? 'metrics'
      : request.specificationIds
        ? 'specificationIds'
        : 'inferenceResultId' in target
          ? 'inferenceResultId'
          : 'sessionId';
    if ('skip' in entry)
      throw InvalidInput.of(subject, `Session ${session.id} is skipped: ${SKIP_REASONS[entry.skip]}`);
    return dispatchEvaluations(this.ports, actor, {
      assignments: [{ session, inferenceResultId: result?.id, metricIds: entry.metricIds }],
      metrics: plan.metrics,
      scores: plan.scores,
      runId: request.runId,
    });
  }
}
