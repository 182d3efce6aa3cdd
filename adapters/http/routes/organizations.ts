import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import {
  organization,
  organizationCreate,
  organizationQuery,
  organizationUpdate,
  subscription,
  subscriptionChange,
} from '../schemas/identity.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Organizations';

/** Organizations and their subscriptions. */
export function organizationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/organizations',
      record: organization,
      list: {
        summary: 'List organizations (an ADMIN sees all, others their own)',
        query: organizationQuery,
        useCase: useCases.listOrganizations,
      },
      create: {
        summary: 'Create an organization (ADMIN)',
        body: organizationCreate,
        errors: [403],
        useCase: useCases.createOrganization,
      },
      get: { summary: 'Read an organization', useCase: useCases.getOrganization },
      update: {
        summary: 'Update an organization (OWNER of it, or ADMIN)',
        description:
          'enforceMfa is settable by Owners and Admins; Members are refused with 403. Credits and billing fields ' +
          'are ADMIN-only.',
        body: organizationUpdate,
        errors: [403, 404, 409],
        useCase: useCases.updateOrganization,
      },
      remove: {
        summary: 'Soft-delete an organization (ADMIN)',
        errors: [403, 404],
        useCase: useCases.deleteOrganization,
      },
    }),
    recordRoute({
      method: 'get',
      path: '/organizations/:id/subscription',
      tag,
      summary: "Read an organization's subscription",
      response: subscription,
      run: (actor, id) => useCases.getSubscription.execute(actor, id),
    }),
    recordRoute({
      method: 'put',
      path: '/organizations/:id/subscription',
      tag,
      summary: "Set an organization's subscription (ADMIN)",
      body: subscriptionChange,
      response: subscription,
      errors: [403, 404],
      run: (actor, id, body) => useCases.setSubscription.execute(actor, id, body),
    }),
  ];
}
