import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { DeleteEvaluation } from './delete-evaluation.ts';
import { EvaluateSession } from './evaluate-session.ts';
import { EvaluateSessions } from './evaluate-sessions.ts';
import { GetCreditStatus } from './get-credit-status.ts';
import { GetEvaluation } from './get-evaluation.ts';
import { ListEvaluations } from './list-evaluations.ts';
import { RetryEvaluations } from './retry-evaluations.ts';
import { ScoreEvaluation } from './score-evaluation.ts';

/** The evaluation engine's use cases over one set of ports and the deployment's settings. */
export function createEvaluationUseCases(ports: Ports, settings: Settings) {
  return {
    listEvaluations: new ListEvaluations(ports, settings),
    getEvaluation: new GetEvaluation(ports),
    deleteEvaluation: new DeleteEvaluation(ports),
    evaluateSession: new EvaluateSession(ports),
    evaluateSessions: new EvaluateSessions(ports),
    retryEvaluations: new RetryEvaluations(ports),
    scoreEvaluation: new ScoreEvaluation(ports, settings),
    getCreditStatus: new GetCreditStatus(ports, settings),
  };
}
