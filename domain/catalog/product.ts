import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { checkJsonObject } from '../shared/json.ts';
import { checkName, checkText, patch } from './fields.ts';

/**
 * A product under evaluation: the root of its versions, specifications and tests. Names are unique per organization;
 * `metadata` holds the caller's free-form fields.
 */
export interface Product {
  readonly id: string;
  readonly organizationId: string;
  readonly name: string;
  readonly description: string | null;
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewProduct {
  readonly name: string;
  readonly description?: string | null;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

export type ProductChanges = Partial<Pick<Product, 'name' | 'description' | 'metadata'>>;

function validate(changes: ProductChanges, creating: boolean): void {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, creating);
  checkText(issues, 'description', changes.description);
  checkJsonObject(issues, 'metadata', changes.metadata);
  issues.throwIfAny();
}

export function createProduct(id: string, organizationId: string, input: NewProduct, now: string): Product {
  validate(input, true);
  return {
    id,
    organizationId,
    name: input.name.trim(),
    description: input.description ?? null,
    metadata: input.metadata ?? null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function updateProduct(product: Product, changes: ProductChanges): Product {
  validate(changes, false);
  return patch(product, { ...changes, name: changes.name?.trim() });
}

/** Deleting a product removes its versions, specifications, tests and test cases: owners and admins only. */
export function assertMayDeleteProduct(actor: Actor): void {
  if (actor.role === 'MEMBER') throw new Forbidden('Only an OWNER or ADMIN may delete a product');
}
