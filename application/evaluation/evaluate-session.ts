import { InvalidInput } from '../../domain/errors.ts';
import { SKIP_REASONS } from '../../domain/evaluation/batch-report.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { launchRequest } from '../../domain/run/launch.ts';
import type { Ports } from '../ports/ports.ts';
import { launchEvaluations } from '../launch/launch-evaluations.ts';
import { launchTargetOf } from '../launch/launch-target.ts';
import { planSessions, type LaunchScope } from './plan-sessions.ts';
import type { SessionEvaluationPorts } from './evaluate-sessions.ts';

export interface EvaluateSessionRequest extends LaunchScope {
  readonly runId?: string;
}

type Needs = SessionEvaluationPorts & Pick<Ports, 'inferenceResults'>;

/**
 * POST /evaluations/fromSession and /fromInferenceResult: the batch scope rules applied to one session (or one of its
 * turns), as one launch.
 */
export class EvaluateSession {
  constructor(private readonly ports: Needs) {}

  async execute(
    actor: Actor,
    target: { sessionId: string } | { inferenceResultId: string },
    request: EvaluateSessionRequest,
  ): Promise<Evaluation[]> {
    const scope = actor.organizationId;
    const result =
      'inferenceResultId' in target ? await this.ports.inferenceResults.require(scope, target.inferenceResultId) : null;
    const session = await this.ports.sessions.require(
      scope,
      result?.sessionId ?? (target as { sessionId: string }).sessionId,
    );
    const plan = await planSessions(this.ports, scope, [session], request);
    const [entry] = plan.scopes;
    const targetField = 'inferenceResultId' in target ? 'inferenceResultId' : 'sessionId';
    const subject = request.metrics ? 'metrics' : request.specificationIds ? 'specificationIds' : targetField;
    if ('skip' in entry)
      throw InvalidInput.of(subject, `Session ${session.id} is skipped: ${SKIP_REASONS[entry.skip]}`);
    const launched = await launchEvaluations(this.ports, actor, {
      runId: request.runId,
      kind: result ? 'EVALUATE_INFERENCE_RESULT' : 'EVALUATE_SESSION',
      request: launchRequest({ ...target, ...request }),
      target: await launchTargetOf(this.ports, scope, [session], targetField),
      assignments: [{ session, inferenceResultId: result?.id, metricIds: entry.metricIds }],
      metrics: plan.metrics,
      scores: plan.scores,
    });
    return launched.evaluations;
  }
}
