import type { Actor } from '../../domain/identity/role.ts';
import { assertMayChangeLinks, type LinkTarget } from '../../domain/review/user-group-link.ts';
import { type LinkedUserGroup, touchUserGroup } from '../../domain/review/user-group.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { addLinks, linkedUserGroups, removeLinks, requireTargets } from './user-group-links.ts';

export type LinkPorts = Pick<
  Ports,
  'userGroups' | 'userGroupLinks' | 'users' | 'metrics' | 'products' | 'ids' | 'clock' | 'uow'
>;

/** Which links change. */
export interface LinkChange {
  readonly kind: LinkTarget;
  readonly ids: readonly string[];
}

/**
 * Links a group to users, metrics or products, or unlinks them; idempotent either way. Every id must be a live record
 * of the organization (NotFound names the first that is not, and nothing changes). The group's version is taken
 * first, so concurrent changes of one group run one after the other (a stale one is retried).
 */
export async function changeUserGroupLinks(
  ports: LinkPorts,
  actor: Actor,
  id: string,
  change: LinkChange,
  { unlinking }: { unlinking: boolean },
): Promise<LinkedUserGroup> {
  assertMayChangeLinks(actor, change.kind);
  const scope = actor.organizationId;
  const group = await retryStale(() =>
    ports.uow.transaction(async () => {
      const now = ports.clock.now();
      const current = await ports.userGroups.require(scope, id);
      await requireTargets(ports, scope, change.kind, change.ids);
      const touched = await ports.userGroups.update(touchUserGroup(current, now));
      if (unlinking) await removeLinks(ports, touched, change.kind, change.ids, now);
      else await addLinks(ports, touched, change.kind, change.ids, now);
      return touched;
    }),
  );
  const [linked] = await linkedUserGroups(ports, scope, [group]);
  return linked;
}
