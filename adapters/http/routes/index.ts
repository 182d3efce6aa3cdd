import type { UseCases } from '../../../application/use-cases.ts';
import { buildOpenApi } from '../openapi.ts';
import type { RouteSpec } from '../route-spec.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { documentationRoutes } from './documentation.ts';
import { operationsRoutes } from './operations.ts';
import { organizationRoutes } from './organizations.ts';
import { userRoutes } from './users.ts';

/** Every route module of the API; append a feature's module here. */
const modules = [operationsRoutes, organizationRoutes, userRoutes, apiKeyRoutes];

/** All routes, the documentation routes describing them included. */
export function allRoutes(useCases: UseCases, version: string): RouteSpec[] {
  const api = modules.flatMap((module) => module(useCases));
  let document: Record<string, unknown> | undefined;
  const routes: RouteSpec[] = [...api, ...documentationRoutes((): Record<string, unknown> => (document ??= buildOpenApi(routes, version)))];
  return routes;
}
