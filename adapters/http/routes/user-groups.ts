import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import type { LinkTarget } from '../../../domain/review/user-group-link.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  metricLinks,
  productLinks,
  userGroup,
  userGroupCreate,
  userGroupQuery,
  userGroupUpdate,
  userLinks,
} from '../schemas/review.ts';

const tag = 'User groups';

/** The link routes of one kind of target: POST links, DELETE unlinks; both answer the group. */
function linkRoutes<B>(
  useCases: UseCases,
  {
    segment,
    kind,
    body,
    ids,
    who,
  }: {
    segment: string;
    kind: LinkTarget;
    body: z.ZodType<B>;
    ids: (body: B) => readonly string[];
    who: { link: string; unlink: string };
  },
): RouteSpec[] {
  const path = `/userGroups/:id/${segment}`;
  return [
    route({
      method: 'post',
      path,
      tag,
      summary: `Link ${segment} to a user group; answers the group`,
      description: `Idempotent. Every id must be a live ${kind} of the organization (404 naming it, nothing linked). ${who.link}`,
      params: idParams,
      body,
      response: userGroup,
      errors: [403, 404],
      handle: ({ actor, params, body }) =>
        useCases.linkUserGroup.execute(actor, params.id, { kind, ids: ids(body as B) }),
    }),
    route({
      method: 'delete',
      path,
      tag,
      summary: `Unlink ${segment} from a user group; answers the group`,
      description: `Idempotent; every id must still be a live ${kind} of the organization. ${who.unlink}`,
      params: idParams,
      body,
      response: userGroup,
      errors: [403, 404],
      handle: ({ actor, params, body }) =>
        useCases.unlinkUserGroup.execute(actor, params.id, { kind, ids: ids(body as B) }),
    }),
  ];
}

const managers = 'OWNER and ADMIN only.';

/** User groups: who reviews which metrics on which products. */
export function userGroupRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/userGroups',
      tag,
      summary: "List the organization's user groups with their users, metrics and products",
      query: userGroupQuery,
      response: z.array(userGroup),
      handle: ({ actor, query }) => useCases.listUserGroups.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/userGroups',
      tag,
      summary: 'Create a user group (OWNER and ADMIN)',
      description:
        'Names are unique among live groups. The users, metrics and products named must be live records of the ' +
        'organization (404 naming the first that is not; nothing is created).',
      status: 201,
      body: userGroupCreate,
      response: userGroup,
      errors: [403, 404, 409],
      handle: ({ actor, body }) => useCases.createUserGroup.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/userGroups/:id',
      tag,
      summary: 'Read a user group',
      params: idParams,
      response: userGroup,
      errors: [404],
      handle: ({ actor, params }) => useCases.getUserGroup.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/userGroups/:id',
      tag,
      summary: 'Rename or describe a user group, or set allProducts (OWNER and ADMIN)',
      params: idParams,
      body: userGroupUpdate,
      response: userGroup,
      errors: [403, 404, 409],
      handle: ({ actor, params, body }) => useCases.updateUserGroup.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/userGroups/:id',
      tag,
      summary: 'Soft-delete a user group with its links (OWNER and ADMIN)',
      params: idParams,
      response: deletion,
      errors: [403, 404],
      handle: ({ actor, params }) => useCases.deleteUserGroup.execute(actor, params.id),
    }),
    ...linkRoutes(useCases, {
      segment: 'users',
      kind: 'user',
      body: userLinks,
      ids: (body) => body.userIds,
      who: { link: managers, unlink: managers },
    }),
    ...linkRoutes(useCases, {
      segment: 'metrics',
      kind: 'metric',
      body: metricLinks,
      ids: (body) => body.metricIds,
      who: { link: 'Any member of the organization may link a metric.', unlink: managers },
    }),
    ...linkRoutes(useCases, {
      segment: 'products',
      kind: 'product',
      body: productLinks,
      ids: (body) => body.productIds,
      who: { link: managers, unlink: managers },
    }),
  ];
}
