import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
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
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Evaluations';

/** Evaluations: launching them from sessions, reading, retrying, deleting; and the credit balance they draw on. */
export function evaluationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/evaluations',
      record: evaluation,
      list: { summary: 'List evaluations', query: evaluationQuery, useCase: useCases.listEvaluations },
      collection: [
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
      ],
      get: { summary: 'Read an evaluation', useCase: useCases.getEvaluation },
      remove: { summary: 'Soft-delete an evaluation', useCase: useCases.deleteEvaluation },
    }),
    recordRoute({
      method: 'get',
      path: '/organizations/:id/creditStatus',
      tag: 'Organizations',
      summary: "An organization's credit balance",
      response: creditStatus,
      run: (actor, id) => useCases.getCreditStatus.execute(actor, id),
    }),
  ];
}
