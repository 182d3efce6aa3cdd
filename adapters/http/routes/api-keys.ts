import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import { apiKey, apiKeyCreate, apiKeyCreated, apiKeyQuery } from '../schemas/identity.ts';

const tag = 'API keys';

/** API keys: issued with the plain key shown once, listed without it, revoked at once. */
export function apiKeyRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/apiKeys',
      tag,
      summary: 'List API keys (own keys; OWNER and ADMIN see the organization)',
      query: apiKeyQuery,
      response: z.array(apiKey),
      handle: ({ actor, query }) => useCases.listApiKeys.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/apiKeys',
      tag,
      summary: 'Issue an API key; the plain key is in this response only (sent with Cache-Control: no-store)',
      status: 201,
      body: apiKeyCreate,
      response: apiKeyCreated,
      errors: [403, 404],
      handle: ({ actor, body, ctx }) => {
        // The plain key is in this response only: no cache (browser, proxy) may keep a copy.
        ctx.set('Cache-Control', 'no-store');
        return useCases.createApiKey.execute(actor, body);
      },
    }),
    route({
      method: 'delete',
      path: '/apiKeys/:id',
      tag,
      summary: 'Revoke an API key',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.revokeApiKey.execute(actor, params.id),
    }),
  ];
}
