import type { UseCases } from '../../../application/use-cases.ts';
import { buildOpenApi } from '../openapi.ts';
import type { RouteSpec } from '../route-spec.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { documentationRoutes } from './documentation.ts';
import { evaluationRoutes } from './evaluations.ts';
import { operationsRoutes } from './operations.ts';
import { organizationRoutes } from './organizations.ts';
import { userRoutes } from './users.ts';
import { inferenceResultRoutes } from './inference-results.ts';
import { sessionRoutes } from './sessions.ts';
import { traceRoutes } from './traces.ts';
import { otelRoutes } from './otel.ts';
import { metricRoutes } from './metrics.ts';
import { productRoutes } from './products.ts';
import { runRoutes } from './runs.ts';
import { specificationRoutes } from './specifications.ts';
import { testCaseRoutes } from './test-cases.ts';
import { testRoutes } from './tests.ts';
import { versionRoutes } from './versions.ts';
import { reviewRoutes } from './review.ts';
import { reviewPageRoutes } from './review-page.ts';
import { consolePageRoutes } from './console-page.ts';
import { userGroupRoutes } from './user-groups.ts';
import { monitorRoutes } from './monitors.ts';
import { endpointConnectionRoutes } from './endpoint-connections.ts';
import { costRoutes } from './costs.ts';
import { fromVersionRoutes } from './from-version.ts';
import { marketplaceRoutes } from './marketplace.ts';
import { authRoutes } from './auth.ts';
import { maintenanceRoutes } from './maintenance.ts';
import { datasetGenerationRoutes } from './dataset-generation.ts';

/** Every route module of the API; append a feature's module here. */
const modules = [
  operationsRoutes,
  organizationRoutes,
  userRoutes,
  apiKeyRoutes,
  sessionRoutes,
  inferenceResultRoutes,
  traceRoutes,
  otelRoutes,
  productRoutes,
  versionRoutes,
  specificationRoutes,
  metricRoutes,
  testRoutes,
  testCaseRoutes,
  evaluationRoutes,
  runRoutes,
  reviewRoutes,
  userGroupRoutes,
  monitorRoutes,
  endpointConnectionRoutes,
  costRoutes,
  fromVersionRoutes,
  marketplaceRoutes,
  authRoutes,
  maintenanceRoutes,
  datasetGenerationRoutes,
];

/** All routes, the documentation routes describing them included. */
export function allRoutes(useCases: UseCases): RouteSpec[] {
  const api = modules.flatMap((module) => module(useCases));
  let document: Record<string, unknown> | undefined;
  const routes: RouteSpec[] = [
    ...api,
    ...reviewPageRoutes(),
    ...consolePageRoutes(),
    ...documentationRoutes((): Record<string, unknown> => (document ??= buildOpenApi(routes))),
  ];
  return routes;
}
