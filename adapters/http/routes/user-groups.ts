import type { UseCases } from '../../../application/use-cases.ts';
import type { LinkTarget } from '../../../domain/review/user-group-link.ts';
import type { z } from 'zod';
import type { RouteSpec } from '../route-spec.ts';
import {
  metricLinks,
  productLinks,
  userGroup,
  userGroupCreate,
  userGroupQuery,
  userGroupUpdate,
  userLinks,
} from '../schemas/review.ts';
import { linkRoutes } from './link-routes.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'User groups';
const managers = 'OWNER and ADMIN only.';

/** User groups: who reviews which metrics on which products. */
export function userGroupRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/userGroups',
      record: userGroup,
      list: {
        summary: "List the organization's user groups with their users, metrics and products",
        query: userGroupQuery,
        useCase: useCases.listUserGroups,
      },
      create: {
        summary: 'Create a user group (OWNER and ADMIN)',
        description:
          'Names are unique among live groups. The users, metrics and products named must be live records of the ' +
          'organization (404 naming the first that is not; nothing is created).',
        body: userGroupCreate,
        errors: [403, 404, 409],
        useCase: useCases.createUserGroup,
      },
      get: { summary: 'Read a user group', useCase: useCases.getUserGroup },
      update: {
        summary: 'Rename or describe a user group, or set allProducts (OWNER and ADMIN)',
        body: userGroupUpdate,
        errors: [403, 404, 409],
        useCase: useCases.updateUserGroup,
      },
      remove: {
        summary: 'Soft-delete a user group with its links (OWNER and ADMIN)',
        errors: [403, 404],
        useCase: useCases.deleteUserGroup,
      },
    }),
    ...groupLinks(useCases, { segment: 'users', kind: 'user', body: userLinks, ids: (body) => body.userIds }),
    ...groupLinks(useCases, {
      segment: 'metrics',
      kind: 'metric',
      body: metricLinks,
      ids: (body) => body.metricIds,
    }),
    ...groupLinks(useCases, {
      segment: 'products',
      kind: 'product',
      body: productLinks,
      ids: (body) => body.productIds,
    }),
  ];
}

/** The link routes of one kind of target; both answer the group. Both are for managers only. */
function groupLinks<B>(
  useCases: UseCases,
  { segment, kind, body, ids }: { segment: string; kind: LinkTarget; body: z.ZodType<B>; ids: (body: B) => string[] },
): RouteSpec[] {
  return linkRoutes({
    tag,
    path: `/userGroups/:id/${segment}`,
    body,
    response: userGroup,
    link: {
      summary: `Link ${segment} to a user group; answers the group`,
      description: `Idempotent. Every id must be a live ${kind} of the organization (404 naming it, nothing linked). ${managers}`,
      errors: [403, 404],
      run: (actor, id, body) => useCases.linkUserGroup.execute(actor, id, { kind, ids: ids(body) }),
    },
    unlink: {
      summary: `Unlink ${segment} from a user group; answers the group`,
      description: `Idempotent; every id must still be a live ${kind} of the organization. ${managers}`,
      errors: [403, 404],
      run: (actor, id, body) => useCases.unlinkUserGroup.execute(actor, id, { kind, ids: ids(body) }),
    },
  });
}
