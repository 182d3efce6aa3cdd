import { evaluationFixture } from './evaluation-fixtures.ts';
import { createTenant, type HttpWorld } from './http-world.ts';

/** A new tenant of this world, and the evaluation fixture (product, metrics, sessions…) its OWNER built. */
export async function tenantWithFixture(world: HttpWorld) {
  const tenant = await createTenant(world);
  return { tenant, fixture: await evaluationFixture(tenant.owner) };
}

export type TenantWithFixture = Awaited<ReturnType<typeof tenantWithFixture>>;
