import type { Actor } from '../../domain/identity/role.ts';
import { memoryWorld, type MemoryWorldOptions } from './memory-world.ts';

type World = ReturnType<typeof memoryWorld>;

/** An organization with an OWNER and a MEMBER, each holding a key, as the use cases created them. */
export interface MemoryTenant {
  readonly organizationId: string;
  readonly owner: Actor;
  readonly member: Actor;
  readonly ownerKey: string;
  readonly memberKey: string;
}

async function createTenant(world: World, admin: Actor, name: string): Promise<MemoryTenant> {
  const { useCases } = world;
  const organization = await useCases.createOrganization.execute(admin, { name });
  const person = async (role: 'OWNER' | 'MEMBER') => {
    const user = await useCases.createUser.execute(admin, {
      organizationId: organization.id,
      email: `${role.toLowerCase()}@${name.toLowerCase()}.example`,
      name: `${role} of ${name}`,
      role,
    });
    const { key } = await useCases.createApiKey.execute(admin, { userId: user.id, name: 'test' });
    return { key, actor: await useCases.authenticate.execute(key) };
  };
  const owner = await person('OWNER');
  const member = await person('MEMBER');
  return {
    organizationId: organization.id,
    owner: owner.actor,
    member: member.actor,
    ownerKey: owner.key,
    memberKey: member.key,
  };
}

/**
 * A memory world with the platform admin and two tenants, A and B, built through the use cases (so every actor is
 * a stored user of a stored organization): B is the other organization whose ids must behave as unknown to A.
 */
export async function memoryTenants(options: MemoryWorldOptions = {}) {
  const world = memoryWorld(options);
  const first = await world.useCases.ensurePlatformAdmin.execute();
  if (!first) throw new Error('a fresh memory world already had an admin');
  const admin = await world.useCases.authenticate.execute(first.key);
  return {
    ...world,
    admin,
    adminKey: first.key,
    a: await createTenant(world, admin, 'Acme'),
    b: await createTenant(world, admin, 'Beta'),
  };
}

export type MemoryTenants = Awaited<ReturnType<typeof memoryTenants>>;

/** Two tenants, each with what `of` builds for it: `mine` for A (acting as its OWNER), `theirs` for B. */
export async function memoryTenantsWith<T>(
  of: (useCases: MemoryTenants['useCases'], actor: Actor, label: string) => Promise<T>,
  options: MemoryWorldOptions = {},
) {
  const world = await memoryTenants(options);
  return {
    ...world,
    mine: await of(world.useCases, world.a.owner, 'A'),
    theirs: await of(world.useCases, world.b.owner, 'B'),
  };
}
