import type { UseCases } from '../../../application/use-cases.ts';
import { type RouteSpec, route } from '../route-spec.ts';
import { user, userCreate, userQuery, userUpdate } from '../schemas/identity.ts';
import { resourceRoutes } from './resource-routes.ts';

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
    ...resourceRoutes({
      tag,
      path: '/users',
      record: user,
      list: {
        summary: "List the organization's users (an ADMIN may pass organizationId)",
        query: userQuery,
        useCase: useCases.listUsers,
      },
      create: {
        summary: 'Add a user (OWNER to its organization, ADMIN to any)',
        body: userCreate,
        errors: [403, 404, 409],
        useCase: useCases.createUser,
      },
      get: { summary: 'Read a user', useCase: useCases.getUser },
      update: {
        summary: 'Update a user (itself, or a user it manages)',
        body: userUpdate,
        errors: [403, 404, 409],
        useCase: useCases.updateUser,
      },
      remove: {
        summary: 'Soft-delete a user; its keys stop working at once',
        errors: [403, 404],
        useCase: useCases.deleteUser,
      },
    }),
  ];
}
