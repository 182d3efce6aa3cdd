import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { session, sessionCreate, sessionFinish, sessionQuery, sessionUpdate } from '../schemas/tracing.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Sessions';

/** Sessions: the conversations of a product version. */
export function sessionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/sessions',
      record: session,
      list: { summary: "List the organization's sessions", query: sessionQuery, useCase: useCases.listSessions },
      create: {
        summary: 'Open a session on a version (optionally from a test case)',
        body: sessionCreate,
        errors: [404, 409],
        useCase: useCases.createSession,
      },
      get: { summary: 'Read a session', useCase: useCases.getSession },
      update: { summary: 'Update a session', body: sessionUpdate, useCase: useCases.updateSession },
      remove: {
        summary: 'Soft-delete a session with its inference results and spans',
        useCase: useCases.deleteSession,
      },
    }),
    recordRoute({
      method: 'post',
      path: '/sessions/:id/finish',
      tag,
      summary: 'Finish a pending session: COMPLETED, or FAILED when an error is given',
      body: sessionFinish.optional(),
      response: session,
      errors: [404, 409],
      run: (actor, id, body) => useCases.finishSession.execute(actor, id, body ?? {}),
    }),
  ];
}
