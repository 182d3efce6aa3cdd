import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { product, productCreate, productQuery, productUpdate } from '../schemas/catalog.ts';
import { resourceRoutes } from './resource-routes.ts';

/** Products: the root of the catalog. */
export function productRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag: 'Products',
    path: '/products',
    record: product,
    list: { summary: "List the organization's products", query: productQuery, useCase: useCases.listProducts },
    create: {
      summary: 'Create a product (names are unique per organization)',
      body: productCreate,
      useCase: useCases.createProduct,
    },
    get: { summary: 'Read a product', useCase: useCases.getProduct },
    update: { summary: 'Update a product', body: productUpdate, useCase: useCases.updateProduct },
    remove: {
      summary: 'Soft-delete a product with its versions, specifications, tests and test cases (OWNER, ADMIN)',
      errors: [403, 404],
      useCase: useCases.deleteProduct,
    },
  });
}
