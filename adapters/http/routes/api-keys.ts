import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { apiKey, apiKeyCreate, apiKeyCreated, apiKeyQuery } from '../schemas/identity.ts';
import { resourceRoutes } from './resource-routes.ts';

/** API keys: issued with the plain key shown once, listed without it, revoked at once. */
export function apiKeyRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag: 'API keys',
    path: '/apiKeys',
    record: apiKey,
    list: {
      summary: 'List API keys (own keys; OWNER and ADMIN see the organization)',
      query: apiKeyQuery,
      useCase: useCases.listApiKeys,
    },
    create: {
      summary: 'Issue an API key; the plain key is in this response only (sent with Cache-Control: no-store)',
      body: apiKeyCreate,
      response: apiKeyCreated,
      // The plain key is in this response only: no cache (browser, proxy) may keep a copy.
      headers: { 'Cache-Control': 'no-store' },
      errors: [403, 404],
      useCase: useCases.createApiKey,
    },
    remove: { summary: 'Revoke an API key', useCase: useCases.revokeApiKey },
  });
}
