import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import {
  metricLinks,
  specification,
  specificationCreate,
  specificationQuery,
  specificationUpdate,
  testLinks,
} from '../schemas/catalog.ts';
import { linkRoutes } from './link-routes.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'Specifications';

/** Specifications of products and their links to metrics and tests. */
export function specificationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/specifications',
      record: specification,
      list: {
        summary: "List the organization's specifications",
        query: specificationQuery,
        useCase: useCases.listSpecifications,
      },
      create: {
        summary: 'Create a specification of a product (description and type are unique per product)',
        body: specificationCreate,
        errors: [404, 409],
        useCase: useCases.createSpecification,
      },
      get: { summary: 'Read a specification with its linked metric and test ids', useCase: useCases.getSpecification },
      update: { summary: 'Update a specification', body: specificationUpdate, useCase: useCases.updateSpecification },
      remove: {
        summary: 'Soft-delete a specification; its tests are unlinked',
        useCase: useCases.deleteSpecification,
      },
    }),
    ...linkRoutes({
      tag,
      path: '/specifications/:id/metrics',
      body: metricLinks,
      response: specification,
      link: {
        summary: 'Link metrics to a specification; answers the specification',
        run: (actor, id, body) => useCases.linkSpecificationMetrics.execute(actor, id, body.metricIds),
      },
      unlink: {
        summary: 'Unlink metrics from a specification; answers the specification',
        run: (actor, id, body) => useCases.unlinkSpecificationMetrics.execute(actor, id, body.metricIds),
      },
    }),
    ...linkRoutes({
      tag,
      path: '/specifications/:id/tests',
      body: testLinks,
      response: specification,
      link: {
        summary: 'Link tests of the same product to a specification; answers the specification',
        description: 'A test belongs to at most one specification: linking a test linked elsewhere moves it here.',
        run: (actor, id, body) => useCases.linkSpecificationDatasets.execute(actor, id, body.datasetIds),
      },
      unlink: {
        summary: 'Unlink tests from a specification; answers the specification',
        run: (actor, id, body) => useCases.unlinkSpecificationDatasets.execute(actor, id, body.datasetIds),
      },
    }),
  ];
}
