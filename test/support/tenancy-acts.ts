import type { UseCases } from '../../application/use-cases.ts';
import type { Actor } from '../../domain/identity/role.ts';

/** What an actor does to one record, given its id. */
export type RecordAct = (useCases: UseCases, actor: Actor, id: string) => Promise<unknown>;

/** A memory world with tenant A's actors and each tenant's records: `mine` for A, `theirs` for B. */
interface TenantsWith<T> {
  readonly useCases: UseCases;
  readonly a: { readonly owner: Actor; readonly member: Actor };
  readonly theirs: T;
}

/**
 * Tenancy acts (for `unknownToOthers`) on one kind of another organization's records: under each verb, tenant A's
 * OWNER or MEMBER (`as`) acts on B's record, titled "<verb> another organization's <noun>".
 */
export function onTheirs<T>(
  noun: string,
  as: 'owner' | 'member',
  idOf: (records: T) => string,
  acts: Readonly<Record<string, RecordAct>>,
): Record<string, (world: TenantsWith<T>) => Promise<unknown>> {
  return Object.fromEntries(
    Object.entries(acts).map(([verb, act]) => [
      `${verb} another organization's ${noun}`,
      (world: TenantsWith<T>) => act(world.useCases, world.a[as], idOf(world.theirs)),
    ]),
  );
}
