import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import { session, sessionCreate, sessionFinish, sessionQuery, sessionUpdate } from '../schemas/tracing.ts';

const tag = 'Sessions';

/** Sessions: the conversations of a product version. */
export function sessionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/sessions',
      tag,
      summary: "List the organization's sessions",
      query: sessionQuery,
      response: z.array(session),
      handle: ({ actor, query }) => useCases.listSessions.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/sessions',
      tag,
      summary: 'Open a session on a version (optionally from a test case)',
      status: 201,
      body: sessionCreate,
      response: session,
      errors: [404, 409],
      handle: ({ actor, body }) => useCases.createSession.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/sessions/:id',
      tag,
      summary: 'Read a session',
      params: idParams,
      response: session,
      errors: [404],
      handle: ({ actor, params }) => useCases.getSession.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/sessions/:id',
      tag,
      summary: 'Update a session',
      params: idParams,
      body: sessionUpdate,
      response: session,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateSession.execute(actor, params.id, body),
    }),
    route({
      method: 'post',
      path: '/sessions/:id/finish',
      tag,
      summary: 'Finish a pending session: COMPLETED, or FAILED when an error is given',
      params: idParams,
      body: sessionFinish.optional(),
      response: session,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.finishSession.execute(actor, params.id, body ?? {}),
    }),
    route({
      method: 'delete',
      path: '/sessions/:id',
      tag,
      summary: 'Soft-delete a session with its inference results and spans',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteSession.execute(actor, params.id),
    }),
  ];
}
