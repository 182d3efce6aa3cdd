import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { product, productCreate, productQuery, productUpdate } from '../schemas/catalog.ts';
import { deletion, idParams } from '../schemas/common.ts';

const tag = 'Products';

/** Products: the root of the catalog. */
export function productRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/products',
      tag,
      summary: "List the organization's products",
      query: productQuery,
      response: z.array(product),
      handle: ({ actor, query }) => useCases.listProducts.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/products',
      tag,
      summary: 'Create a product (names are unique per organization)',
      status: 201,
      body: productCreate,
      response: product,
      errors: [409],
      handle: ({ actor, body }) => useCases.createProduct.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/products/:id',
      tag,
      summary: 'Read a product',
      params: idParams,
      response: product,
      errors: [404],
      handle: ({ actor, params }) => useCases.getProduct.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/products/:id',
      tag,
      summary: 'Update a product',
      params: idParams,
      body: productUpdate,
      response: product,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateProduct.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/products/:id',
      tag,
      summary: 'Soft-delete a product with its versions, specifications, tests and test cases (OWNER, ADMIN)',
      params: idParams,
      response: deletion,
      errors: [403, 404],
      handle: ({ actor, params }) => useCases.deleteProduct.execute(actor, params.id),
    }),
  ];
}
