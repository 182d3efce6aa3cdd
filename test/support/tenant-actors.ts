import type { Actor } from '../../domain/identity/role.ts';
import type { MemoryTenants } from './memory-tenants.ts';

/** One of a memory-tenants world's actors, in the domain's words: the platform ADMIN, or tenant A's or B's OWNER or MEMBER. */
export type Who = 'admin' | `${'a' | 'b'}.${'owner' | 'member'}`;

/** The actor a `Who` names in this world. */
export function actorOf(world: Pick<MemoryTenants, 'admin' | 'a' | 'b'>, who: Who): Actor {
  if (who === 'admin') return world.admin;
  const [tenant, role] = who.split('.') as ['a' | 'b', 'owner' | 'member'];
  return world[tenant][role];
}
