import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  organization,
  organizationCreate,
  organizationQuery,
  organizationUpdate,
  subscription,
  subscriptionChange,
} from '../schemas/identity.ts';

const tag = 'Organizations';

/** Organizations and their subscriptions. */
export function organizationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/organizations',
      tag,
      summary: 'List organizations (an ADMIN sees all, others their own)',
      query: organizationQuery,
      response: z.array(organization),
      handle: ({ actor, query }) => useCases.listOrganizations.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/organizations',
      tag,
      summary: 'Create an organization (ADMIN)',
      status: 201,
      body: organizationCreate,
      response: organization,
      errors: [403],
      handle: ({ actor, body }) => useCases.createOrganization.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/organizations/:id',
      tag,
      summary: 'Read an organization',
      params: idParams,
      response: organization,
      errors: [404],
      handle: ({ actor, params }) => useCases.getOrganization.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/organizations/:id',
      tag,
      summary: 'Update an organization (OWNER of it, or ADMIN)',
      description:
        'enforceMfa is settable by Owners and Admins; Members are refused with 403. Credits and billing fields ' +
        'are ADMIN-only.',
      params: idParams,
      body: organizationUpdate,
      response: organization,
      errors: [403, 404, 409],
      handle: ({ actor, params, body }) => useCases.updateOrganization.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/organizations/:id',
      tag,
      summary: 'Soft-delete an organization (ADMIN)',
      params: idParams,
      response: deletion,
      errors: [403, 404],
      handle: ({ actor, params }) => useCases.deleteOrganization.execute(actor, params.id),
    }),
    route({
      method: 'get',
      path: '/organizations/:id/subscription',
      tag,
      summary: "Read an organization's subscription",
      params: idParams,
      response: subscription,
      errors: [404],
      handle: ({ actor, params }) => useCases.getSubscription.execute(actor, params.id),
    }),
    route({
      method: 'put',
      path: '/organizations/:id/subscription',
      tag,
      summary: "Set an organization's subscription (ADMIN)",
      params: idParams,
      body: subscriptionChange,
      response: subscription,
      errors: [403, 404],
      handle: ({ actor, params, body }) => useCases.setSubscription.execute(actor, params.id, body),
    }),
  ];
}
