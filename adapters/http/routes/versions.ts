import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { version, versionCreate, versionQuery, versionUpdate, versionUpdated } from '../schemas/catalog.ts';
import { resourceRoutes } from './resource-routes.ts';

/** Versions of products, numbered per product from 1. */
export function versionRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag: 'Versions',
    path: '/versions',
    record: version,
    list: { summary: "List the organization's versions", query: versionQuery, useCase: useCases.listVersions },
    create: {
      summary: 'Create a version of a product; it gets the next per-product number',
      body: versionCreate,
      errors: [404],
      useCase: useCases.createVersion,
    },
    get: { summary: 'Read a version', useCase: useCases.getVersion },
    update: {
      summary: 'Update a version',
      description:
        "A new modelId re-prices the version's turns as a job: the answer's repricingId names it (GET /repricings/{id}).",
      body: versionUpdate,
      response: versionUpdated,
      useCase: useCases.updateVersion,
    },
    remove: { summary: 'Soft-delete a version (its number is never reused)', useCase: useCases.deleteVersion },
  });
}
