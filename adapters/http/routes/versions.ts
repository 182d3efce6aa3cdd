import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { version, versionCreate, versionQuery, versionUpdate } from '../schemas/catalog.ts';
import { deletion, idParams } from '../schemas/common.ts';

const tag = 'Versions';

/** Versions of products, numbered per product from 1. */
export function versionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/versions',
      tag,
      summary: "List the organization's versions",
      query: versionQuery,
      response: z.array(version),
      handle: ({ actor, query }) => useCases.listVersions.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/versions',
      tag,
      summary: 'Create a version of a product; it gets the next per-product number',
      status: 201,
      body: versionCreate,
      response: version,
      errors: [404],
      handle: ({ actor, body }) => useCases.createVersion.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/versions/:id',
      tag,
      summary: 'Read a version',
      params: idParams,
      response: version,
      errors: [404],
      handle: ({ actor, params }) => useCases.getVersion.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/versions/:id',
      tag,
      summary: 'Update a version',
      params: idParams,
      body: versionUpdate,
      response: version,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateVersion.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/versions/:id',
      tag,
      summary: 'Soft-delete a version (its number is never reused)',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteVersion.execute(actor, params.id),
    }),
  ];
}
