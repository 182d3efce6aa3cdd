import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { checkJsonObject } from '../shared/json.ts';
import { checkName, checkText, patch } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';

/**
 * A product under evaluation: the root of its versions, specifications and datasets. Names are unique per organization;
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

function validate(changes: ProductChanges, { creating }: { creating: boolean }): void {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, { required: creating });
  checkText(issues, 'description', changes.description);
  checkJsonObject(issues, 'metadata', changes.metadata);
  issues.throwIfAny();
}

export function createProduct(input: NewProduct, { id, organizationId, now }: Creation): Product {
  validate(input, { creating: true });
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
  validate(changes, { creating: false });
  return patch(product, { ...changes, name: changes.name?.trim() });
}

/** Deleting a product removes its versions, specifications, datasets and test cases: owners and admins only. */
export function assertMayDeleteProduct(actor: Actor): void {
  if (actor.role === 'MEMBER') throw new Forbidden('Only an OWNER or ADMIN may delete a product');
}
