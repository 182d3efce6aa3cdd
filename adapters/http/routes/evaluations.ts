import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  batchReport,
  creditStatus,
  evaluation,
  evaluationQuery,
  fromInferenceResultBody,
  fromSessionBody,
  fromSessionsBody,
  retryBody,
  retryReport,
} from '../schemas/evaluation.ts';

const tag = 'Evaluations';

/** Evaluations: launching them from sessions, reading, retrying, deleting; and the credit balance they draw on. */
export function evaluationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/evaluations',
      tag,
      summary: 'List evaluations',
      query: evaluationQuery,
      response: z.array(evaluation),
      handle: ({ actor, query }) => useCases.listEvaluations.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/evaluations/fromSession',
      tag,
      summary: 'Evaluate one session',
      status: 201,
      description:
        'Applies the fromSessions metric-scope rules to one session. A session the rules would skip answers 400 ' +
        'with the reason; nothing is created.',
      body: fromSessionBody,
      response: z.array(evaluation),
      errors: [404],
      handle: ({ actor, body }) => useCases.evaluateSession.execute(actor, { sessionId: body.sessionId }, body),
    }),
    route({
      method: 'post',
      path: '/evaluations/fromInferenceResult',
      tag,
      summary: 'Evaluate one turn (inference result)',
      status: 201,
      description: "Turn-level evaluations: the scope rules of the turn's session, scored on that turn only.",
      body: fromInferenceResultBody,
      response: z.array(evaluation),
      errors: [404],
      handle: ({ actor, body }) =>
        useCases.evaluateSession.execute(actor, { inferenceResultId: body.inferenceResultId }, body),
    }),
    route({
      method: 'post',
      path: '/evaluations/fromSessions',
      tag,
      summary: 'Evaluate many existing sessions',
      description:
        'Exactly one of sessionIds or versionId. In versionId mode at most the first 1000 sessions are processed.',
      body: fromSessionsBody,
      response: batchReport,
      errors: [404],
      handle: ({ actor, body }) => useCases.evaluateSessions.execute(actor, body),
    }),
    route({
      method: 'post',
      path: '/evaluations/retry',
      tag,
      summary: 'Re-queue evaluations marked canRetry',
      body: retryBody,
      response: retryReport,
      handle: ({ actor, body }) => useCases.retryEvaluations.execute(actor, body.ids),
    }),
    route({
      method: 'get',
      path: '/evaluations/:id',
      tag,
      summary: 'Read an evaluation',
      params: idParams,
      response: evaluation,
      errors: [404],
      handle: ({ actor, params }) => useCases.getEvaluation.execute(actor, params.id),
    }),
    route({
      method: 'delete',
      path: '/evaluations/:id',
      tag,
      summary: 'Soft-delete an evaluation',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteEvaluation.execute(actor, params.id),
    }),
    route({
      method: 'get',
      path: '/organizations/:id/creditStatus',
      tag: 'Organizations',
      summary: "An organization's credit balance",
      params: idParams,
      response: creditStatus,
      errors: [404],
      handle: ({ actor, params }) => useCases.getCreditStatus.execute(actor, params.id),
    }),
  ];
}
