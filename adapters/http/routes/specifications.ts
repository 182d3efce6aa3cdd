import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import {
  metricLinks,
  specification,
  specificationCreate,
  specificationQuery,
  specificationUpdate,
  testLinks,
} from '../schemas/catalog.ts';
import { deletion, idParams } from '../schemas/common.ts';

const tag = 'Specifications';

/** Specifications of products and their links to metrics and tests. */
export function specificationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/specifications',
      tag,
      summary: "List the organization's specifications",
      query: specificationQuery,
      response: z.array(specification),
      handle: ({ actor, query }) => useCases.listSpecifications.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/specifications',
      tag,
      summary: 'Create a specification of a product (description and type are unique per product)',
      status: 201,
      body: specificationCreate,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, body }) => useCases.createSpecification.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/specifications/:id',
      tag,
      summary: 'Read a specification with its linked metric and test ids',
      params: idParams,
      response: specification,
      errors: [404],
      handle: ({ actor, params }) => useCases.getSpecification.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/specifications/:id',
      tag,
      summary: 'Update a specification',
      params: idParams,
      body: specificationUpdate,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateSpecification.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/specifications/:id',
      tag,
      summary: 'Soft-delete a specification; its tests are unlinked',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteSpecification.execute(actor, params.id),
    }),
    route({
      method: 'post',
      path: '/specifications/:id/metrics',
      tag,
      summary: 'Link metrics to a specification; answers the specification',
      params: idParams,
      body: metricLinks,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.linkSpecificationMetrics.execute(actor, params.id, body.metricIds),
    }),
    route({
      method: 'delete',
      path: '/specifications/:id/metrics',
      tag,
      summary: 'Unlink metrics from a specification; answers the specification',
      params: idParams,
      body: metricLinks,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, params, body }) =>
        useCases.unlinkSpecificationMetrics.execute(actor, params.id, body.metricIds),
    }),
    route({
      method: 'post',
      path: '/specifications/:id/tests',
      tag,
      summary: 'Link tests of the same product to a specification; answers the specification',
      description: 'A test belongs to at most one specification: linking a test linked elsewhere moves it here.',
      params: idParams,
      body: testLinks,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.linkSpecificationTests.execute(actor, params.id, body.testIds),
    }),
    route({
      method: 'delete',
      path: '/specifications/:id/tests',
      tag,
      summary: 'Unlink tests from a specification; answers the specification',
      params: idParams,
      body: testLinks,
      response: specification,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.unlinkSpecificationTests.execute(actor, params.id, body.testIds),
    }),
  ];
}
