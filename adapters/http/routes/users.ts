import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import { user, userCreate, userQuery, userUpdate } from '../schemas/identity.ts';

const tag = 'Users';

/** The calling user and the users of an organization. */
export function userRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/auth/user',
      tag,
      summary: 'The user behind the credential',
      response: user,
      handle: ({ actor }) => useCases.getCurrentUser.execute(actor),
    }),
    route({
      method: 'get',
      path: '/users',
      tag,
      summary: "List the organization's users (an ADMIN may pass organizationId)",
      query: userQuery,
      response: z.array(user),
      handle: ({ actor, query }) => useCases.listUsers.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/users',
      tag,
      summary: 'Add a user (OWNER to its organization, ADMIN to any)',
      status: 201,
      body: userCreate,
      response: user,
      errors: [403, 404, 409],
      handle: ({ actor, body }) => useCases.createUser.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/users/:id',
      tag,
      summary: 'Read a user',
      params: idParams,
      response: user,
      errors: [404],
      handle: ({ actor, params }) => useCases.getUser.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/users/:id',
      tag,
      summary: 'Update a user (itself, or a user it manages)',
      params: idParams,
      body: userUpdate,
      response: user,
      errors: [403, 404, 409],
      handle: ({ actor, params, body }) => useCases.updateUser.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/users/:id',
      tag,
      summary: 'Soft-delete a user; its keys stop working at once',
      params: idParams,
      response: deletion,
      errors: [403, 404],
      handle: ({ actor, params }) => useCases.deleteUser.execute(actor, params.id),
    }),
  ];
}
